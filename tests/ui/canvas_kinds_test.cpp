// Every machine kind's canvas registers, resolving the variables it reads by name against the
// kind's table; a wrong name fails there, not as a picture drawn from 0.
#include <catch2/catch.hpp>

#include "canvas.hpp"
#include "lessonsim/machine.hpp"

using namespace lessonsim;

TEST_CASE("canvases: each kind's canvas registers and resolves its variables", "[ui][canvas]") {
  for (const MachineSpec* spec : machine_kinds()) {
    INFO(spec->kind);
    const ui::CanvasKind* canvas = nullptr;
    CHECK_NOTHROW(canvas = &ui::canvas_for(spec->kind));
    REQUIRE(canvas);
    CHECK(std::string(canvas->kind) == spec->kind);
  }
}

TEST_CASE("canvases: a canvas reading a name its kind lacks fails when it registers",
          "[ui][canvas]") {
  // What a canvas's handle struct does for each name it reads, with one name misspelt.
  struct Vars {
    VariableHandle servers{*find_machine_kind("rack"), "servers"};
    VariableHandle heat{*find_machine_kind("rack"), "heat_kw"};
  };
  CHECK_THROWS_AS(Vars{}, UnknownVariable);
  CHECK_THROWS_WITH(Vars{}, Catch::Contains("heat_kw"));
}
