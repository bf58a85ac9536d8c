// Lost work from failures and checkpoint writes, and Young's optimum interval.
#include <cmath>

#include <catch2/catch.hpp>

#include "lessonsim/calc/checkpoint.hpp"
#include "lessonsim/calc/error.hpp"

using namespace lessonsim::calc;

TEST_CASE("checkpoints: 1,024 GPUs, one failure per 50,000 GPU-hours, daily checkpoints",
          "[calc]") {
  const CheckpointCost c = checkpoint_cost({814, 1024, 50'000, 24, 0.1});
  CHECK(c.hours_between_failures == Approx(48.83).epsilon(0.001));
  CHECK(c.failures == Approx(16.67).epsilon(0.001));
  CHECK(c.lost_hours == Approx(c.failures * 12));
  CHECK(c.checkpoints == Approx(814.0 / 24));
  CHECK(c.wasted_hours == Approx(c.lost_hours + c.writing_hours));
}

TEST_CASE("checkpoints: 16,384 GPUs see a failure about every three hours", "[calc]") {
  // Meta's Llama 3 run: 419 unexpected interruptions in 54 days on 16,384 GPUs.
  const double gpu_hours_per_failure = 16384.0 * 54 * 24 / 419;
  const CheckpointCost c = checkpoint_cost({54 * 24, 16384, gpu_hours_per_failure, 1, 0});
  CHECK(c.hours_between_failures == Approx(3.09).epsilon(0.01));
  CHECK(c.failures == Approx(419));
}

TEST_CASE("checkpoints: Young's interval minimises the waste", "[calc]") {
  const double best = best_checkpoint_interval_hours(0.1, 50'000.0 / 1024);
  CHECK(best == Approx(std::sqrt(2 * 0.1 * 50'000.0 / 1024)));
  auto waste = [](double interval) {
    return checkpoint_cost({814, 1024, 50'000, interval, 0.1}).wasted_hours;
  };
  CHECK(waste(best) < waste(best * 0.8));
  CHECK(waste(best) < waste(best * 1.25));
  CHECK(waste(24) > 3 * waste(best));
}

TEST_CASE("checkpoints: nonsense is refused", "[calc]") {
  CHECK_THROWS_AS(checkpoint_cost({0, 1, 1, 1, 0}), CalcError);
  CHECK_THROWS_AS(checkpoint_cost({1, 0, 1, 1, 0}), CalcError);
  CHECK_THROWS_AS(checkpoint_cost({1, 1, 1, 0, 0}), CalcError);
  CHECK_THROWS_AS(checkpoint_cost({1, 1, 1, 1, -1}), CalcError);
  CHECK_THROWS_AS(best_checkpoint_interval_hours(0, 10), CalcError);
}
