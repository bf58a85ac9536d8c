// Hot reload: carrying a learner's place from one version of a lesson into the edited one.
#pragma once

#include <memory>
#include <vector>

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

// The same, but when replaying `moves` (every action since `old` started afresh) on the edited
// lesson reaches exactly that place, the replayed engine is returned, so Undo still steps back
// through the moves made before the reload.
SwappedLesson swap_lesson_replaying(const Engine& old, std::shared_ptr<const Lesson> lesson,
                                    const std::vector<Action>& moves);

}  // namespace lessonsim
