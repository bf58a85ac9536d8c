#include <catch2/catch.hpp>

#include "../support/format3_fixture.hpp"
#include "lessonsim/bounded_read.hpp"
#include "lessonsim/lint.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/state_explorer.hpp"

using namespace lessonsim;

TEST_CASE("explorer: lesson 1's drive step, its states grouped by what the learner sees",
          "[explorer]") {
  Diagnostics d("datacenter-split.json");
  auto lesson =
      load_lesson_file(std::string(LESSONSIM_SOURCE_DIR) + "/lessons/datacenter-split.json", d);
  REQUIRE(lesson);
  const Step& drive = lesson->steps.at(static_cast<std::size_t>(lesson->step_index("drive")));
  Exploration e = explore_states(*lesson, drive);
  REQUIRE(e.groups.size() == drive.feedback.size() + 2);
  CHECK(e.exhaustive);
  std::size_t total = 0;
  for (const auto& g : e.groups)
    total += g.states.size();
  CHECK(total == e.states);
  // One GPU: the first rule; four GPUs: the goal, settings that put the machine there.
  REQUIRE(e.groups[0].states.size() == 1);
  CHECK(e.groups[0].states[0].settings["gpus"] == 1);
  const StateGroup& goal = e.groups[drive.feedback.size()];
  CHECK(goal.shows == StateGroup::Shows::goal);
  REQUIRE(goal.states.size() == 1);
  CHECK(goal.states[0].settings["gpus"] == 4);
  CHECK(e.groups[2].label.find("\"too-many\"") != std::string::npos);

  std::string table = format_exploration(*lesson, drive, e);
  CHECK_THAT(table, Catch::Contains("rule \"one-gpu\" (feedback/0): gpus == 1 && !fits"));
  CHECK_THAT(table, Catch::Contains("goal met"));
}

TEST_CASE("explorer: a step's own machine is explored, not the lesson's", "[explorer][format3]") {
  auto lesson = test::format3_lesson();
  const Step& fill = lesson->steps.at(static_cast<std::size_t>(lesson->step_index("fill")));
  Exploration e = explore_states(*lesson, fill);
  CHECK(e.exhaustive);
  // The rack from 2 servers, adding and removing: 0 to 8 servers, each a state.
  CHECK(e.states == 9);
  std::string table = format_exploration(*lesson, fill, e);
  CHECK(table.find("servers = 2") != std::string::npos);
  CHECK(table.find("gpu_memory_gb") == std::string::npos);
  // The lint searches the same machine: the rack's goal can be met, its rule can fire.
  std::string text, error;
  REQUIRE(read_file(test::format3_path(), text, error));
  Diagnostics d("format3.json");
  lint_lesson_source(*lesson, text, d);
  for (const auto& x : d.all()) {
    INFO(format_gcc(x));
    CHECK(x.message.find("never") == std::string::npos);
  }
}
