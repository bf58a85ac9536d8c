#include <catch2/catch.hpp>

#include "../support/expr_fixture.hpp"
#include "lessonsim/calc/facility.hpp"
#include "lessonsim/calc/fit.hpp"
#include "lessonsim/calc/kv_cache.hpp"
#include "lessonsim/calc/model_state.hpp"
#include "lessonsim/calc/train_time.hpp"
#include "lessonsim/expr.hpp"
#include "lessonsim/expr_functions.hpp"

using namespace lessonsim;

namespace {

const std::vector<VariableInfo> fn_vars = {
    {"gpus", ValueType::number, ""},
    {"model_gb", ValueType::number, ""},
    {"fits", ValueType::boolean, ""},
};

double fn_eval(const std::string& text, const std::vector<double>& values = {3, 280, 0}) {
  return testing::eval_expr(text, fn_vars, values);
}

ExprError fn_compile_error(const std::string& text) {
  return testing::expr_error(text, fn_vars);
}

}  // namespace

TEST_CASE("expr functions: min, max, ceil and floor", "[expr]") {
  CHECK(fn_eval("min(gpus, 2)") == 2);
  CHECK(fn_eval("max(gpus, 2, 7, 1)") == 7);
  CHECK(fn_eval("ceil(model_gb / 80)") == 4);
  CHECK(fn_eval("floor(model_gb / 80)") == 3);
  CHECK(fn_eval("ceil (2.1) + floor(-2.1)") == 0);
  CHECK(fn_eval("max(min(gpus, 10), 1) * 2 > 5") == 1);
}

TEST_CASE("expr functions: the calculator's numbers, not a copy of its formulas", "[expr]") {
  CHECK(fn_eval("min_gpus(model_gb, 80)") ==
        calc::min_gpus(calc::gb_to_bytes(280), calc::gb_to_bytes(80)));
  CHECK(fn_eval("train_copy_gb(7000000000)") ==
        calc::bytes_to_gb(calc::training_states(7'000'000'000, {}).total()));
  CHECK(fn_eval("train_copy_gb(7000000000)") == 112);
  calc::TrainTimeQuery q{70'000'000'000, 1'400'000'000'000, 1024, 400e12, false};
  CHECK(fn_eval("train_days(70e9, 1.4e12, 1024, 400)") == Approx(calc::train_time(q).days));
  calc::KvShape kv{80, 8, 128, 4096, 16, 4};
  CHECK(fn_eval("kv_cache_gb(80, 8, 128, 4096, 16)") == calc::bytes_to_gb(calc::kv_bytes(kv)));
  CHECK(fn_eval("rent_usd(8, 730, 2)") == calc::rental_usd(8, 730, 2));
}

TEST_CASE("expr functions: what the calculator refuses is 0, never NaN", "[expr]") {
  CHECK(fn_eval("min_gpus(model_gb, 0)") == 0);
  CHECK(fn_eval("train_copy_gb(-5)") == 0);
  CHECK(fn_eval("train_copy_gb(1.5)") == 0);
  CHECK(fn_eval("train_days(70e9, 1e12, 0, 400)") == 0);
  CHECK(fn_eval("kv_cache_gb(80, 8, 128, 4096, 0)") == 0);
  CHECK(fn_eval("rent_usd(8, -1, 2)") == 0);
}

TEST_CASE("expr functions: unknown names, arity and types are located", "[expr]") {
  auto unknown = fn_compile_error("gpus + flor(2.5)");
  CHECK(unknown.offset == 7);
  CHECK_THAT(unknown.message, Catch::Contains("unknown function 'flor'"));
  CHECK(unknown.suggestion == "floor");
  CHECK_THAT(fn_compile_error("nosuch(1)").message, Catch::Contains("known: min, max"));

  auto arity = fn_compile_error("1 + min_gpus(model_gb)");
  CHECK(arity.offset == 4);
  CHECK_THAT(arity.message, Catch::Contains("takes 2 arguments, not 1"));
  CHECK_THAT(fn_compile_error("min(1)").message, Catch::Contains("takes 2 to 8"));
  CHECK_THAT(fn_compile_error("ceil(fits)").message, Catch::Contains("needs numbers"));
  CHECK_THAT(fn_compile_error("ceil(2").message, Catch::Contains("missing ')'"));
  CHECK_THAT(fn_compile_error("ceil(2) && fits").message, Catch::Contains("true/false"));
}

TEST_CASE("expr functions: a call is a node passes can read", "[expr]") {
  ExprError error;
  auto e = Expression::compile("1 + max(gpus, 2)", fn_vars, error);
  REQUIRE(e);
  const auto& root = e->nodes()[static_cast<std::size_t>(e->root())];
  REQUIRE(root.op == Expression::Op::add);
  const auto& call = e->nodes()[static_cast<std::size_t>(root.right)];
  CHECK(call.op == Expression::Op::call);
  CHECK(call.offset == 4);
  CHECK(expr_functions()[static_cast<std::size_t>(call.value)].name == std::string("max"));
  REQUIRE(e->arguments(call).size() == 2);
  CHECK(e->nodes()[static_cast<std::size_t>(e->arguments(call)[0])].op == Expression::Op::variable);
  CHECK(find_expr_function("kv_cache_gb") >= 0);
  CHECK(find_expr_function("nope") == -1);
}
