#include <catch2/catch.hpp>

#include "../support/expr_fixture.hpp"
#include "lessonsim/expr.hpp"

using namespace lessonsim;

namespace {

const std::vector<VariableInfo> vars = {
    {"gpus", ValueType::number, ""},
    {"max_load_gb", ValueType::number, ""},
    {"fits", ValueType::boolean, ""},
};

double eval(const std::string& text, const std::vector<double>& values = {3, 93.3, 0}) {
  return testing::eval_expr(text, vars, values);
}

ExprError compile_error(const std::string& text) {
  return testing::expr_error(text, vars);
}

}  // namespace

TEST_CASE("expr: arithmetic, comparison and logic with precedence", "[expr]") {
  CHECK(eval("1 + 2 * 3") == 7);
  CHECK(eval("(1 + 2) * 3") == 9);
  CHECK(eval("10 - 4 - 3") == 3);
  CHECK(eval("7 % 4") == 3);
  CHECK(eval("-gpus + 1") == -2);
  CHECK(eval("gpus == 3 && !fits") == 1);
  CHECK(eval("fits || gpus > 2 && max_load_gb > 80") == 1);
  CHECK(eval("max_load_gb > 80 == true") == 1);
  CHECK(eval("gpus >= 3 && gpus <= 3 && gpus != 4") == 1);
  CHECK(eval("1 / 0") == 0);  // no NaN or infinity escapes into a condition
  CHECK(eval("2.5e1") == 25);
}

TEST_CASE("expr: errors say where and what", "[expr]") {
  auto unknown = compile_error("gpu > 2");
  CHECK(unknown.offset == 0);
  CHECK_THAT(unknown.message, Catch::Contains("did you mean 'gpus'"));
  CHECK(unknown.suggestion == "gpus");
  // A caller trying the text on several machines asks for no suggestion: the same error, found
  // without the search for a close name.
  ExprError quiet;
  CHECK_FALSE(Expression::compile("gpu > 2", vars, quiet, false));
  CHECK(quiet.offset == 0);
  CHECK_THAT(quiet.message, Catch::StartsWith("unknown variable 'gpu'"));
  CHECK(quiet.suggestion.empty());
  CHECK_THAT(quiet.message, !Catch::Contains("did you mean"));

  CHECK(compile_error("gpus > ").offset == 7);
  CHECK_THAT(compile_error("gpus = 4").message, Catch::Contains("'=='"));
  CHECK_THAT(compile_error("gpus and fits").message, Catch::Contains("'&&'"));
  CHECK_THAT(compile_error("fits + 1").message, Catch::Contains("needs a number"));
  CHECK_THAT(compile_error("gpus && fits").message, Catch::Contains("true/false"));
  CHECK_THAT(compile_error("(gpus > 1").message, Catch::Contains("')'"));
  CHECK_THAT(compile_error("gpus > 1)").message, Catch::Contains("unexpected"));
  CHECK_THAT(compile_error("#").message, Catch::Contains("unexpected"));
}

TEST_CASE("expr: deep or long input is refused, never crashes", "[expr]") {
  CHECK_THAT(compile_error(std::string(100000, '(') + "1").message, Catch::Contains("long"));
  CHECK_THAT(compile_error(std::string(900, '(') + "1" + std::string(900, ')')).message,
             Catch::Contains("deeply"));
  CHECK_THAT(compile_error(std::string(500, '!') + "fits").message, Catch::Contains("deeply"));
  std::string chain = "1";
  for (int k = 0; k < 300; ++k)
    chain += "+1";
  CHECK_THAT(compile_error(chain).message, Catch::Contains("deeply"));
}

TEST_CASE("expr: the variables an expression reads, each once", "[expr]") {
  ExprError error;
  auto e = Expression::compile("fits && gpus > 2 || gpus * max_load_gb > 10", vars, error);
  REQUIRE(e);
  CHECK(e->variables() == std::vector<int>{0, 1, 2});
  auto constant = Expression::compile("1 + 2 > 2", vars, error);
  REQUIRE(constant);
  CHECK(constant->variables().empty());
  auto one = Expression::compile("max_load_gb >= 80", vars, error);
  REQUIRE(one);
  CHECK(one->variables() == std::vector<int>{1});
}
