#include <catch2/catch.hpp>

#include "lessonsim/calc/error.hpp"
#include "lessonsim/calc/fit.hpp"
#include "lessonsim/calc/model_state.hpp"

using namespace lessonsim::calc;

TEST_CASE("CONTENT.md lesson 1: 280 GB of weights on 80 GB GPUs needs 4, 70 GB each", "[calc]") {
  const Fit f = fit(gb_to_bytes(280), gb_to_bytes(80));
  CHECK(f.min_gpus == 4);
  CHECK(f.per_gpu_bytes == gb_to_bytes(70));
  // With 3 GPUs each would hold 93.3 GB and overflow.
  CHECK(bytes_to_gb(gpu_loads(gb_to_bytes(280), 3, 3).front()) == Approx(93.33).epsilon(0.001));
}

TEST_CASE("CONTENT.md lesson 2: 2.24 TB of training state needs at least 28 GPUs of 80 GB",
          "[calc]") {
  const Bytes state = training_states(140'000'000'000, {}).total();
  CHECK(state == 2'240'000'000'000);
  const Fit f = fit(state, gb_to_bytes(80));
  CHECK(f.min_gpus == 28);
  CHECK(f.per_gpu_bytes == gb_to_bytes(80));
}

TEST_CASE("calc fit: the fullest GPU rounds up, and one byte over takes one more GPU", "[calc]") {
  CHECK(fit(10, 4).min_gpus == 3);
  CHECK(fit(10, 4).per_gpu_bytes == 4);
  CHECK(fit(gb_to_bytes(80) + 1, gb_to_bytes(80)).min_gpus == 2);
  CHECK(fit(9'000'000'000'000'000'000, 1).min_gpus == 9'000'000'000'000'000'000);
}

TEST_CASE("calc fit: sizes that make no sense are refused", "[calc]") {
  CHECK_THROWS_AS(fit(0, 80), CalcError);
  CHECK_THROWS_AS(fit(80, 0), CalcError);
  CHECK_THROWS_AS(fit(-5, 80), CalcError);
}
