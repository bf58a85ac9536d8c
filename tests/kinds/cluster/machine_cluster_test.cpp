// The cluster machine against the calculator, and the training-time lesson's figures.
#include <catch2/catch.hpp>

#include "../../support/machine_test_support.hpp"
#include "cluster/cluster.hpp"
#include "lessonsim/calc/checkpoint.hpp"
#include "lessonsim/calc/train_time.hpp"

using namespace lessonsim;
using lessonsim::testing::var;

TEST_CASE("cluster: GPT-3 on 1,024 A100s at 140 TFLOP/s with recomputation is 34 days",
          "[cluster]") {
  ClusterMachine m;
  const auto expected = calc::train_time({175'000'000'000, 300'000'000'000, 1024, 140e12, true});
  CHECK(var(m, "days") == Approx(expected.days));
  CHECK(var(m, "days") == Approx(34).epsilon(0.005));
  CHECK(var(m, "zettaflop") == Approx(420));
  CHECK(var(m, "cluster_pflops") == Approx(143.36));
  CHECK(var(m, "meets_deadline") == 1);
  CHECK(var(m, "half_meets") == 0);
  CHECK(m.broken_invariant().empty());
}

TEST_CASE("cluster: doubling GPUs halves the days, halving utilization doubles them", "[cluster]") {
  ClusterMachine m;
  const double base = var(m, "days");
  REQUIRE(m.apply(Action::make("double_gpus")).ok);
  CHECK(var(m, "days") == Approx(base / 2));
  REQUIRE(m.apply(Action::make("halve_gpus")).ok);
  REQUIRE(m.apply(Action::with("set_tflops", "n", 70)).ok);
  CHECK(var(m, "days") == Approx(base * 2));
  REQUIRE(m.apply(Action::make("recompute_off")).ok);
  CHECK(var(m, "flops_per_param_token") == 6);
  CHECK(var(m, "days") == Approx(base * 2 * 6 / 8));
}

TEST_CASE("cluster: checkpoint waste follows the calculator; Young's interval is least",
          "[cluster]") {
  ClusterMachine m;
  const double hours =
      calc::train_time({175'000'000'000, 300'000'000'000, 1024, 140e12, true}).seconds / 3600;
  for (int minutes : {30, 60, 180, 360, 1440}) {
    INFO("every " << minutes << " minutes");
    REQUIRE(m.apply(Action::with("set_checkpoint_minutes", "n", minutes)).ok);
    const auto c = calc::checkpoint_cost({hours, 1024, 50'000, minutes / 60.0, 0.1});
    CHECK(var(m, "wasted_days") == Approx(c.wasted_hours / 24));
    CHECK(var(m, "failures") == Approx(c.failures));
    CHECK(var(m, "min_wasted_days") <= var(m, "wasted_days"));
    CHECK(m.broken_invariant().empty());
  }
  CHECK(var(m, "best_checkpoint_hours") ==
        Approx(calc::best_checkpoint_interval_hours(0.1, 50'000.0 / 1024)));
}

TEST_CASE("cluster: refusals leave the machine as it was", "[cluster]") {
  ClusterMachine m;
  REQUIRE(m.set("max_gpus", 2048).empty());
  CHECK(m.apply(Action::make("double_gpus")).ok);
  const nlohmann::json before = m.settings();
  CHECK_FALSE(m.apply(Action::make("double_gpus")).ok);
  CHECK_FALSE(m.apply(Action::with("set_gpus", "n", 0)).ok);
  CHECK_FALSE(m.apply(Action::with("set_tflops", "n", -5)).ok);
  CHECK_FALSE(m.apply(Action::with("set_checkpoint_minutes", "n", 100000)).ok);
  CHECK_FALSE(m.apply(Action::make("set_gpus")).ok);
  CHECK_FALSE(m.apply(Action::make("fly")).ok);
  CHECK(m.settings() == before);
  CHECK_FALSE(m.set("gpus", -1).empty());
  CHECK_FALSE(m.set("tflops", "fast").empty());
  CHECK_FALSE(m.set("colour", 1).empty());
  REQUIRE(m.set("gpus", 4096).empty());
  CHECK_FALSE(m.check().empty());
}

TEST_CASE("training-time lesson: your model's run is the calculator's 66 days",
          "[cluster][lesson]") {
  Engine e(testing::shipped_lesson("training-time.json"));
  e.apply(Action::with("goto", "step", "size"));
  e.apply(Action::with("set_gpus", "n", 1024));
  // 20 tokens per parameter (Chinchilla), 6·P·T, 1,024 H100s sustaining 400 TFLOP/s.
  const auto expected = calc::train_time({140'000'000'000, 2'800'000'000'000, 1024, 400e12, false});
  CHECK(e.value("days") == Approx(expected.days));
  CHECK(expected.days == Approx(66).epsilon(0.01));
  CHECK(e.goal_met());
  CHECK_THAT(e.render(e.step().reveal, "en"),
             Catch::Contains(format_number(expected.days, "en") + " days"));
}

TEST_CASE("training-time lesson: the GPT-3 check shows the calculator's 34 days",
          "[cluster][lesson]") {
  Engine e(testing::shipped_lesson("training-time.json"));
  e.apply(Action::with("goto", "step", "gpt3"));
  e.apply(Action::make("double_gpus"));
  e.apply(Action::make("double_gpus"));
  CHECK_FALSE(e.goal_met());
  e.apply(Action::make("recompute_on"));
  const auto expected = calc::train_time({175'000'000'000, 300'000'000'000, 1024, 140e12, true});
  CHECK(e.value("days") == Approx(expected.days));
  CHECK(e.goal_met());
  const std::string reveal = e.render(e.step().reveal, "en");
  CHECK_THAT(reveal, Catch::Contains(format_number(expected.days, "en") + " days"));
  CHECK_THAT(reveal, Catch::Contains("about 34 days"));
}
