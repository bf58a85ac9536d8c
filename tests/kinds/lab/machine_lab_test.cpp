// The lab machine: briefs from seeds are reproducible and solvable; every check is the
// calculator's.
#include <catch2/catch.hpp>

#include "../../support/machine_test_support.hpp"
#include "lab/lab.hpp"
#include "lessonsim/calc/facility.hpp"
#include "lessonsim/calc/memory_plan.hpp"
#include "lessonsim/calc/train_time.hpp"

using namespace lessonsim;
using lessonsim::testing::var;

namespace {

// The plan each brief is built around: H100s, ZeRO-3, dense liquid-cooled racks.
void apply_reference_plan(LabMachine& m) {
  REQUIRE(m.apply(Action::with("set_gpu", "id", "h100-sxm")).ok);
  REQUIRE(m.apply(Action::with("set_zero", "n", 3)).ok);
  REQUIRE(m.apply(Action::make("liquid_cooling")).ok);
  const auto gpus = static_cast<std::int64_t>(var(m, "min_gpus_deadline"));
  REQUIRE(m.apply(Action::with("set_gpus", "n", gpus)).ok);
  const auto per_rack =
      std::min<std::int64_t>(72, (gpus + m.brief().max_racks - 1) / m.brief().max_racks);
  REQUIRE(m.apply(Action::with("set_per_rack", "n", per_rack)).ok);
}

}  // namespace

TEST_CASE("lab: the same seed gives the same brief; seeds differ", "[lab]") {
  const LabBrief a = lab_brief(3), b = lab_brief(3);
  CHECK(a.params == b.params);
  CHECK(a.deadline_days == b.deadline_days);
  CHECK(a.budget_usd == b.budget_usd);
  // The lesson's brief, seed 3.
  CHECK(a.params == 70'000'000'000);
  CHECK(a.tokens == 2'000'000'000'000);
  CHECK(a.deadline_days == 90);
  // The cap is the site's draw with a fifth to spare, rounded up to two figures: the lesson's
  // 700 kW since the server overhead became the DGX H100's 10.2 kW per 8 GPUs.
  CHECK(a.power_cap_kw == Approx(700));
  CHECK(a.budget_usd == Approx(2'000'000));
  CHECK(a.max_racks == 10);
  int differing = 0;
  for (std::uint64_t s = 0; s < 20; ++s) {
    const LabBrief x = lab_brief(s);
    differing += x.params != a.params || x.tokens != a.tokens || x.deadline_days != a.deadline_days;
  }
  CHECK(differing >= 10);
}

TEST_CASE("lab: every seed's brief can be met", "[lab]") {
  for (int seed = 0; seed < 200; ++seed) {
    INFO("seed " << seed);
    LabMachine m{testing::shipped_hardware()};
    REQUIRE(m.set("seed", seed).empty());
    apply_reference_plan(m);
    CHECK(var(m, "all_ok") == 1);
    CHECK(m.broken_invariant().empty());
  }
}

TEST_CASE("lab: each check is the calculator's", "[lab]") {
  LabMachine m{testing::shipped_hardware()};
  REQUIRE(m.set("seed", 3).empty());
  REQUIRE(m.apply(Action::with("set_gpu", "id", "h100-sxm")).ok);
  REQUIRE(m.apply(Action::with("set_gpus", "n", 400)).ok);
  REQUIRE(m.apply(Action::with("set_zero", "n", 1)).ok);
  calc::MemoryQuery q;
  q.params = 70'000'000'000;
  q.mode = calc::Mode::train;
  q.dp = 400;
  q.zero = 1;
  CHECK(var(m, "memory_per_gpu_gb") == calc::bytes_to_gb(calc::plan_memory(q).per_gpu_bytes()));
  CHECK(var(m, "memory_ok") == 0);  // 4Ψ + 12Ψ/N = 282 GB
  const auto t = calc::train_time(
      {70'000'000'000, 2'000'000'000'000, 400, calc::sustained_flops(989, 0.4), true});
  CHECK(var(m, "train_days") == Approx(t.days));
  CHECK(var(m, "power_kw") == Approx(calc::facility({400, 700, 8}).it_kw));
  CHECK(var(m, "cost_usd") == Approx(calc::rental_usd(400, t.days * 24, 2.0)).margin(1));
  CHECK(var(m, "unmet") == 2);  // memory, and racks (50 of 10)
  CHECK(m.broken_invariant().empty());
}

TEST_CASE("lab: refusals and settings", "[lab]") {
  LabMachine m{testing::shipped_hardware()};
  const nlohmann::json before = m.settings();
  CHECK_FALSE(m.apply(Action::with("set_gpu", "id", "b200")).ok);
  CHECK_FALSE(m.apply(Action::with("set_zero", "n", -1)).ok);
  CHECK_FALSE(m.apply(Action::with("set_per_rack", "n", 73)).ok);
  CHECK_FALSE(m.apply(Action::with("set_gpus", "n", 70000)).ok);
  CHECK_FALSE(m.apply(Action::make("fly")).ok);
  CHECK(m.settings() == before);
  CHECK_FALSE(m.set("seed", -1).empty());
  CHECK_FALSE(m.set("gpu", "consumer-24").empty());
  LabMachine copy{testing::shipped_hardware()};
  REQUIRE(m.apply(Action::make("next_gpu")).ok);
  const nlohmann::json saved = m.settings();
  for (const auto& [k, v] : saved.items()) {
    INFO(k);
    REQUIRE(copy.set(k, v).empty());
  }
  CHECK(copy.settings() == m.settings());
}
