// The shipped course (lessons/course.json), loaded once per test binary, for tests that walk it.
#pragma once

#include <catch2/catch.hpp>

#include <filesystem>
#include <optional>

#include "lessonsim/course.hpp"
#include "lessonsim/diagnostics.hpp"

namespace lessonsim::test {

inline const Course& shipped_course() {
  static std::optional<Course> c = [] {
    Diagnostics diags("course");
    return load_course(std::filesystem::path(LESSONSIM_SOURCE_DIR) / "lessons/course.json", diags);
  }();
  REQUIRE(c);
  return *c;
}

}  // namespace lessonsim::test
