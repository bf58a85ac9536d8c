// A kind defined only in the tests loads a lesson and plays it, with one registration.
#include <catch2/catch.hpp>

#include "../kinds/counter/counter_machine.hpp"
#include "lessonsim/engine.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/playthrough.hpp"

using namespace lessonsim;

namespace {

std::string messages(const Diagnostics& diags) {
  std::string out;
  for (const auto& d : diags.all())
    out += format_gcc(d) + "\n";
  return out;
}

}  // namespace

TEST_CASE("test kind: a registered counter loads its lesson and passes its playthrough",
          "[machine][table]") {
  register_machine_kind(testing::CounterMachine::table());
  REQUIRE(find_machine_kind("counter"));
  Diagnostics diags("count-up.json");
  auto lesson = load_lesson(testing::counter_lesson, diags);
  INFO(messages(diags));
  REQUIRE(lesson);
  CHECK(lesson->machine_spec->kind == "counter");
  Engine engine(lesson);
  CHECK(engine.value("count") == 0);
  engine.apply(Action::make("up"));
  CHECK(engine.value("count") == 1);
  for (const auto& p : lesson->playthroughs) {
    INFO(p.name);
    CHECK(run_playthrough(lesson, p).passed);
  }
}

TEST_CASE("test kind: an unknown setting of the counter is a located error", "[machine][table]") {
  register_machine_kind(testing::CounterMachine::table());
  std::string text = testing::counter_lesson;
  text.replace(text.find("\"limit\": 3"), 10, "\"limit\": 300");
  Diagnostics diags("count-up.json");
  CHECK_FALSE(load_lesson(text, diags));
  CHECK_THAT(messages(diags), Catch::Contains("may be at most 100"));
}
