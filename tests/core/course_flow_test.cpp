// The shipped course against issue 16's rules: every lesson in the current format, at least 60%
// of its steps asking the learner to act, never more than two steps in a row without an action,
// and at most one step (the summary) without a machine.
#include <catch2/catch.hpp>

#include <algorithm>

#include "lessonsim/course.hpp"
#include "lessonsim/diagnostics.hpp"
#include "lessonsim/lesson_flow.hpp"

using namespace lessonsim;

TEST_CASE("course flow: every shipped lesson shows, then lets the learner do", "[course]") {
  std::string path = std::string(LESSONSIM_SOURCE_DIR) + "/lessons/course.json";
  Diagnostics diags(path);
  auto course = load_course(path, diags);
  for (const auto& d : diags.all())
    INFO(format_gcc(d));
  REQUIRE(course);
  REQUIRE(course->lessons.size() >= 9);
  int steps = 0, acting = 0;
  for (const auto& entry : course->lessons) {
    REQUIRE(entry.lesson);
    const Lesson& lesson = *entry.lesson;
    LessonFlow flow = lesson_flow(lesson);
    INFO(lesson.id << ": " << flow.acting << " of " << flow.steps << " steps act; longest run "
                   << flow.longest_passive_run << " from step " << flow.passive_run_start << "; "
                   << flow.without_machine << " without a machine");
    CHECK(lesson.format >= 3);  // the flow is format 3's: every step shows the machine
    CHECK(flow.acting_share() >= min_acting_share);
    CHECK(flow.longest_passive_run <= max_passive_run);
    CHECK(flow.without_machine <= max_without_machine);
    if (flow.without_machine == 1) {
      CHECK(lesson.steps[static_cast<std::size_t>(flow.first_without_machine)].kind ==
            StepKind::summary);
    }
    steps += flow.steps;
    acting += flow.acting;
  }
  CHECK(acting >= min_acting_share * steps);
}

TEST_CASE("course flow: lesson 1 tells the seed lesson in at most 12 steps", "[course]") {
  std::string path = std::string(LESSONSIM_SOURCE_DIR) + "/lessons/course.json";
  Diagnostics diags(path);
  auto course = load_course(path, diags);
  REQUIRE(course);
  const Lesson& first = *course->lessons.front().lesson;
  CHECK(first.id == "datacenter-split");
  CHECK(first.steps.size() <= 12);
  CHECK(first.playthroughs.size() >= 6);
  for (const char* locale : {"es", "en"})
    CHECK(std::find(first.locales.begin(), first.locales.end(), locale) != first.locales.end());
}
