// Which learner moves a canvas shows happening, and for how long: presentation only, decided
// from the machine before and after (the engine's state is already final).
#pragma once

#include "lessonsim/machine.hpp"

namespace lessonsim::ui {

// Seconds the move from `before` to `after` is animated; 0: it is not.
float move_seconds(const Machine& before, const Machine& after);

}  // namespace lessonsim::ui
