// A lesson's flow against the course rules (issue 16): how many steps ask the learner to act,
// how long the learner reads without acting, how many steps show no machine.
#pragma once

#include "lessonsim/lesson.hpp"

namespace lessonsim {

// The course rules, which `check` warns about on a format-3 lesson.
inline constexpr double min_acting_share = 0.6;  // of all steps: predict, quiz or operate
inline constexpr int max_passive_run = 2;        // steps in a row without an action
inline constexpr int max_without_machine = 1;    // steps showing no machine (the summary)

struct LessonFlow {
  int steps = 0;
  int acting = 0;               // predict, quiz and operate steps
  int longest_passive_run = 0;  // the most steps in a row that ask for no action
  int passive_run_start = -1;   // the index of the first step of that run; -1 when none
  int without_machine = 0;      // steps that show no machine
  int first_without_machine = -1;

  double acting_share() const { return steps == 0 ? 0.0 : static_cast<double>(acting) / steps; }
};

// Whether a step asks the learner to act: predict, quiz and operate steps do.
bool asks_to_act(const Step& step);

LessonFlow lesson_flow(const Lesson& lesson);

}  // namespace lessonsim
