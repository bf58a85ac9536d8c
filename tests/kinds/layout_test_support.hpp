// What the kinds' layout tests share: a rectangle inside another, and a shipped lesson's screen
// driven to a step (target_of, from imgui_harness.hpp, aims at its click targets).
#pragma once

#include <catch2/catch.hpp>

#include <string>

#include "../support/machine_test_support.hpp"
#include "../ui/imgui_harness.hpp"
#include "lesson_screen.hpp"
#include "rect.hpp"

namespace lessonsim::ui::testing {

using lessonsim::testing::shipped_lesson;

// `inner` within `outer`, give or take a hundredth of a pixel of rounding.
inline bool inside(const Rect& inner, const Rect& outer) {
  return inner.x0 >= outer.x0 - 0.01f && inner.x1 <= outer.x1 + 0.01f &&
         inner.y0 >= outer.y0 - 0.01f && inner.y1 <= outer.y1 + 0.01f;
}

// The screen moved along the lesson's first playthrough until it shows `step`.
inline void go_to_step(LessonScreen& screen, const Lesson& lesson, const std::string& step) {
  for (const auto& a : lesson.playthroughs.at(0).actions) {
    if (screen.engine().step().id == step) break;
    screen.apply(a);
  }
  REQUIRE(screen.engine().step().id == step);
}

}  // namespace lessonsim::ui::testing
