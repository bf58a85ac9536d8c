// Every machine kind's canvas registers, resolving the variables it reads by name against the
// kind's table; a wrong name fails there, not as a picture drawn from 0.
#include <catch2/catch.hpp>

#include "canvas.hpp"
#include "lessonsim/machine.hpp"
#include "rack/rack.hpp"
#include "view_reads.hpp"

using namespace lessonsim;

namespace {

// A rack view with one name misspelt: the rack machine has `rack_kw`, not `heat_kw`.
using MisspeltReads = Reads<rack_machine_spec, "servers", "heat_kw">;

void draw_nothing(ui::ViewContext&) {}
std::string no_result(const Engine&, std::string_view) {
  return {};
}

}  // namespace

TEST_CASE("canvases: each kind's canvas registers and resolves its variables", "[ui][canvas]") {
  const std::vector<const ui::CanvasKind*>* all = nullptr;
  REQUIRE_NOTHROW(all = &ui::canvases());
  for (const MachineSpec* spec : machine_kinds()) {
    if (spec->kind == "counter") continue;  // the tests' kind, drawn as its variables
    INFO(spec->kind);
    const ui::CanvasKind& canvas = ui::canvas_for(spec->kind);
    CHECK(std::string(canvas.kind) == spec->kind);
    CHECK(std::find(all->begin(), all->end(), &canvas) != all->end());
  }
}

TEST_CASE("canvases: a canvas reading a name its kind lacks fails when it registers",
          "[ui][canvas]") {
  static const ui::CanvasKind misspelt{"misspelt-rack", &draw_nothing, &no_result,
                                       &MisspeltReads::resolve};
  CHECK_THROWS_AS(ui::register_canvas(misspelt), UnknownVariable);
  CHECK_THROWS_WITH(ui::register_canvas(misspelt), Catch::Contains("heat_kw"));
  CHECK(std::string(ui::canvas_for("misspelt-rack").kind).empty());  // not registered
}

TEST_CASE("canvases: a kind without a canvas may register one, once", "[ui][canvas]") {
  static const ui::CanvasKind extra{"extra-kind", &draw_nothing, &no_result};
  CHECK(ui::register_canvas(extra));
  CHECK(&ui::canvas_for("extra-kind") == &extra);
  CHECK_FALSE(ui::register_canvas(extra));
  CHECK_FALSE(ui::register_canvas(ui::canvas_for("rack")));
}
