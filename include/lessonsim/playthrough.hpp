// Running a lesson's scripted playthroughs: what the learner would see, checked step by step.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "lessonsim/engine.hpp"
#include "lessonsim/lesson.hpp"

namespace lessonsim {

struct PlaythroughResult {
  std::string lesson;
  std::string name;
  bool passed = false;
  std::string message;  // why it failed; empty when it passed
  std::string details;  // more of the cause, one problem a line (a lesson's diagnostics)
  double seconds = 0;
  // Where the failure is in the lesson file: the expectation that failed, or the action that
  // was refused unexpectedly (line 0 when the lesson did not load).
  SourcePos pos = {};
  std::string pointer = {};
};

PlaythroughResult run_playthrough(const std::shared_ptr<const Lesson>& lesson,
                                  const Playthrough& playthrough);

// What the learner reads in the feedback area now: the matching rule, the reveal once the goal
// is met, or the explanation of the last choice.
std::string visible_feedback(const Engine& engine, std::string_view locale);

// On an operate step that recalls a prediction: what the learner predicted beside the answer.
std::string prediction_recall(const Engine& engine, std::string_view locale);

// The step's own words now: its title and body (or prompt), placeholders filled.
std::string visible_text(const Engine& engine, std::string_view locale);

// How an action reads in a transcript or a failure: `set_gpus n=4`.
std::string describe_action(const Action& action);

}  // namespace lessonsim
