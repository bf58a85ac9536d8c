// Seeded random play: legal and illegal actions thrown at a lesson, invariants checked after each.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "lessonsim/lesson.hpp"

namespace lessonsim {

struct RandomPlayResult {
  bool passed = true;
  std::uint64_t seed = 0;
  long actions = 0;  // how many were applied before a failure, or all of them
  std::string message;
};

// Applies `count` random actions drawn from `seed`, checking after each that the machine's
// invariants hold, every variable is finite, every text of the step renders in every locale,
// and undo gives back exactly the state before.
RandomPlayResult random_play(const std::shared_ptr<const Lesson>& lesson, long count,
                             std::uint64_t seed);

}  // namespace lessonsim
