// tests/core/data/format3.json, loaded: a format-3 lesson with step setups, a text card, a
// `point` and a step's own rack machine, for the core, UI and app tests of format 3.
#pragma once

#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "lessonsim/loader.hpp"

namespace lessonsim::test {

inline std::string format3_path() {
  return std::string(LESSONSIM_SOURCE_DIR) + "/tests/core/data/format3.json";
}

inline std::shared_ptr<const Lesson> format3_lesson() {
  Diagnostics d("format3.json");
  auto lesson = load_lesson_file(format3_path(), d);
  for (const auto& x : d.all())
    UNSCOPED_INFO(format_gcc(x));
  REQUIRE(lesson);
  return lesson;
}

// tests/core/data/format3_machines.json: two step machines of different kinds (a memory stack,
// a rack) with setups, actions and points on narrate, predict and quiz steps.
inline std::shared_ptr<const Lesson> format3_machines_lesson() {
  Diagnostics d("format3_machines.json");
  auto lesson = load_lesson_file(
      std::string(LESSONSIM_SOURCE_DIR) + "/tests/core/data/format3_machines.json", d);
  for (const auto& x : d.all())
    UNSCOPED_INFO(format_gcc(x));
  REQUIRE(lesson);
  return lesson;
}

}  // namespace lessonsim::test
