// The batching machine against the calculator, and the cost-of-an-answer lesson's figures.
#include <catch2/catch.hpp>

#include "../../support/machine_test_support.hpp"
#include "batching/batching.hpp"
#include "lessonsim/calc/kv_cache.hpp"
#include "lessonsim/calc/serving.hpp"

using namespace lessonsim;
using lessonsim::testing::var;

TEST_CASE("batching: Llama-2-70B on two H100s, alone and with a full batch", "[batching]") {
  BatchingMachine m{testing::shipped_hardware()};
  REQUIRE(m.check().empty());
  CHECK(var(m, "kv_per_token_kib") == 320);
  CHECK(var(m, "weights_gb") == 140);
  CHECK(var(m, "bandwidth_tbps") == 3.35);
  const auto alone = calc::decode_step(
      {140'000'000'000, calc::kv_bytes({80, 8, 128, 4096, 1, 4}), 70'000'000'000, 1, 2, 3.35, 989});
  CHECK(var(m, "step_ms") == Approx(alone.seconds * 1000));
  CHECK(var(m, "cost_per_million_usd") ==
        Approx(calc::usd_per_million_tokens(2, 2.0, alone.tokens_per_s)));
  CHECK(var(m, "max_batch_fits") == 14);
  REQUIRE(m.apply(Action::with("set_batch", "n", 14)).ok);
  CHECK(var(m, "fits") == 1);
  CHECK(var(m, "cost_per_million_usd") * 12 < var(m, "cost_alone_usd"));
  REQUIRE(m.apply(Action::make("more_requests")).ok);
  CHECK(var(m, "fits") == 0);
  CHECK(m.broken_invariant().empty());
}

TEST_CASE("batching: the cheapest way to keep 30 ms on A100s is searched, not guessed",
          "[batching]") {
  BatchingMachine m{testing::shipped_hardware()};
  REQUIRE(m.set("gpu", "a100-80").empty());
  const auto best = m.best();
  REQUIRE(best.gpus == 8);
  CHECK(best.batch == 260);
  CHECK(m.step(8, 260).seconds * 1000 <= 30);
  CHECK(m.step(8, 261).seconds * 1000 > 30);
  // No GPU count and batch within the limits that fits and keeps 30 ms is cheaper.
  for (std::int64_t g = 1; g <= 8; ++g) {
    for (std::int64_t b = 1; b <= std::min<std::int64_t>(512, m.max_batch_that_fits(g)); ++b) {
      const auto s = m.step(g, b);
      if (s.seconds * 1000 > 30) continue;
      CHECK(calc::usd_per_million_tokens(g, 2.0, s.tokens_per_s) >= best.usd_per_million - 1e-12);
    }
  }
}

TEST_CASE("batching: settings and refusals", "[batching]") {
  BatchingMachine m{testing::shipped_hardware()};
  CHECK_FALSE(m.set("gpu", "b200").empty());  // no bandwidth in the catalog
  CHECK_FALSE(m.set("gpu", "nonesuch").empty());
  CHECK_FALSE(m.set("gpu", 3).empty());
  CHECK_FALSE(m.set("batch", 0).empty());
  const nlohmann::json before = m.settings();
  CHECK_FALSE(m.apply(Action::make("fewer_requests")).ok);
  CHECK_FALSE(m.apply(Action::with("set_gpus", "n", 9)).ok);
  CHECK_FALSE(m.apply(Action::with("set_batch", "n", 513)).ok);
  CHECK_FALSE(m.apply(Action::make("set_batch")).ok);
  CHECK(m.settings() == before);
}

TEST_CASE("cost-of-an-answer lesson: the reveal shows the calculator's cost",
          "[batching][lesson]") {
  Engine e(testing::shipped_lesson("cost-of-an-answer.json"));
  e.apply(Action::with("goto", "step", "fill"));
  // Your model: 140B parameters, 280 GB of BF16 weights, on four 80 GB H100s; 29 requests of
  // 4,096 tokens fill the rest of the memory.
  e.apply(Action::with("set_batch", "n", 29));
  REQUIRE(e.goal_met());
  const auto full = calc::decode_step({280'000'000'000, calc::kv_bytes({80, 8, 128, 4096, 29, 4}),
                                       140'000'000'000, 29, 4, 3.35, 989});
  const double cost = calc::usd_per_million_tokens(4, 2.0, full.tokens_per_s);
  CHECK(e.value("cost_per_million_usd") == Approx(cost));
  CHECK_THAT(e.render(e.step().reveal, "en"),
             Catch::Contains("cost $" + format_number(cost, "en") + " instead of"));
}
