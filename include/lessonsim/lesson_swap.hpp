// Hot reload: carrying a learner's place from one version of a lesson into the edited one.
#pragma once

#include <memory>

#include "lessonsim/engine.hpp"

namespace lessonsim {

struct SwappedLesson {
  Engine engine;
  LocalizedText notice;  // empty when the place was kept exactly
};

// An engine on `lesson` at `old`'s step with its records and machine state. The machine keeps
// what the learner changed; settings the learner left alone take the edited lesson's values,
// so an edit to the machine shows. When the step is gone the engine is on the step at the same
// index (clamped to the last one), and the notice says so.
SwappedLesson swap_lesson(const Engine& old, std::shared_ptr<const Lesson> lesson);

}  // namespace lessonsim
