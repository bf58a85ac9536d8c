// What the expression tests share: an expression compiled over a variable list and evaluated,
// failing the test when it does not compile, or the error of one that must not compile.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "lessonsim/expr.hpp"

namespace lessonsim::testing {

inline double eval_expr(const std::string& text, const std::vector<VariableInfo>& vars,
                        const std::vector<double>& values) {
  ExprError error;
  auto e = Expression::compile(text, vars, error);
  INFO(text << ": " << error.message);
  REQUIRE(e);
  return e->evaluate(values);
}

inline ExprError expr_error(const std::string& text, const std::vector<VariableInfo>& vars) {
  ExprError error;
  auto e = Expression::compile(text, vars, error);
  INFO(text);
  CHECK_FALSE(e);
  return error;
}

}  // namespace lessonsim::testing
