// Reading a machine's named variables in tests.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <vector>

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

}  // namespace lessonsim::testing
