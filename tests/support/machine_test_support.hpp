// Test helpers for machine kinds: a variable by name, and a shipped lesson driven by an engine.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "lessonsim/engine.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/machine.hpp"

namespace lessonsim::testing {

inline double var(const Machine& m, const std::string& name) {
  std::vector<double> v;
  m.values(v);
  const auto& vars = m.spec().variables;
  REQUIRE(v.size() == vars.size());
  for (std::size_t k = 0; k < vars.size(); ++k) {
    if (vars[k].name == name) return v[k];
  }
  FAIL("no variable " << name);
  return 0;
}

// What a machine made outside a lesson is made with: the checkout's catalog, as the test
// binaries install it (tests/support/install_catalogs.cpp).
inline MachineContext shipped_hardware() {
  return {installed_hardware()};
}

inline std::shared_ptr<const Lesson> shipped_lesson(const std::string& file) {
  Diagnostics diags(file);
  auto lesson = load_lesson_file(std::string(LESSONSIM_SOURCE_DIR) + "/lessons/" + file, diags);
  REQUIRE(lesson);
  return lesson;
}

}  // namespace lessonsim::testing
