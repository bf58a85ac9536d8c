// Training time, Narayanan et al. 2021 ("Efficient Large-Scale Language Model Training on GPU
// Clusters Using Megatron-LM"), §5.1: time ≈ 8TP / (nX) with activation recomputation.
#include <catch2/catch.hpp>

#include "lessonsim/calc/error.hpp"
#include "lessonsim/calc/train_time.hpp"

using namespace lessonsim::calc;

TEST_CASE("Narayanan 2021 §5.1: GPT-3 175B, 300B tokens, 1024 GPUs at 140 TFLOP/s: 34 days",
          "[calc]") {
  const TrainTime t = train_time({175'000'000'000, 300'000'000'000, 1024, 140e12, true});
  CHECK(t.flops == Approx(4.2e23));
  CHECK(t.days == Approx(34).epsilon(0.005));
  CHECK(t.seconds == Approx(t.days * 86400));
}

TEST_CASE(
    "Narayanan 2021 §5.1: 1T model (1,008B in Table 1), 450B tokens, 3072 GPUs at 163 "
    "TFLOP/s: 84 days",
    "[calc]") {
  const TrainTime t = train_time({1'008'000'000'000, 450'000'000'000, 3072, 163e12, true});
  CHECK(t.days == Approx(84).epsilon(0.005));
}

TEST_CASE("calc time: X from a catalog peak and a utilization", "[calc]") {
  // A100: 312 TFLOP/s BF16 peak; 140 TFLOP/s sustained is 44.9% of it.
  CHECK(sustained_flops(312, 0.5) == Approx(156e12));
  const TrainTime t =
      train_time({175'000'000'000, 300'000'000'000, 1024, sustained_flops(312, 140.0 / 312), true});
  CHECK(t.days == Approx(33.9).epsilon(0.005));
  CHECK_THROWS_AS(sustained_flops(312, 0), CalcError);
  CHECK_THROWS_AS(sustained_flops(312, 1.5), CalcError);
  CHECK_THROWS_AS(sustained_flops(0, 0.5), CalcError);
}

TEST_CASE("calc time: inputs that make no sense are refused", "[calc]") {
  CHECK_THROWS_WITH(train_time({175'000'000'000, 300'000'000'000, 0, 140e12, true}),
                    Catch::Contains("at least 1 GPU"));
  CHECK_THROWS_AS(train_time({0, 300'000'000'000, 8, 140e12, false}), CalcError);
  CHECK_THROWS_AS(train_time({1, -1, 8, 140e12, false}), CalcError);
  CHECK_THROWS_AS(train_time({1, 1, 8, 0, false}), CalcError);
  CHECK_THROWS_AS(train_time({1, 1, 8, std::numeric_limits<double>::quiet_NaN(), false}),
                  CalcError);
}
