// The interconnect machine: catalog links, NVLink's one-server reach, the step and a crash.
#include <catch2/catch.hpp>

#include "../../support/machine_test_support.hpp"
#include "interconnect/interconnect.hpp"

using namespace lessonsim;
using lessonsim::testing::var;

TEST_CASE("interconnect: figures come from the catalog", "[machine]") {
  InterconnectMachine m{testing::shipped_hardware()};
  REQUIRE(m.check().empty());
  CHECK(var(m, "link_gb_per_s") == 50);
  CHECK(var(m, "latency_us") == 2);
  CHECK(var(m, "gradient_gb") == 280);  // 140B bf16 gradients, 2 bytes each
  CHECK(var(m, "compute_s") == Approx(66.35).epsilon(0.001));
  CHECK(var(m, "exchange_pct") == Approx(14.35).epsilon(0.002));
  REQUIRE(m.apply(Action::with("set_link", "to", "home-internet")).ok);
  CHECK(var(m, "exchange_hours") == Approx(12.35).epsilon(0.002));
  CHECK(var(m, "useful_gpus") < 1);
  CHECK(m.broken_invariant().empty());
}

TEST_CASE("interconnect: NVLink joins one 8-GPU server, and next_link skips it", "[machine]") {
  InterconnectMachine m{testing::shipped_hardware()};
  Outcome o = m.apply(Action::with("set_link", "to", "nvlink-h100"));
  CHECK_FALSE(o.ok);
  CHECK(o.why.in("en").find("at most 8 GPUs") != std::string::npos);
  REQUIRE(m.set("link", "ethernet-100g").empty());
  REQUIRE(m.apply(Action::make("next_link")).ok);
  CHECK(m.link().id == "home-internet");
  REQUIRE(m.apply(Action::make("next_link")).ok);
  CHECK(m.link().id == "infiniband-ndr");  // NVLink skipped with 128 GPUs
  REQUIRE(m.apply(Action::with("set_gpus", "n", 8)).ok);
  REQUIRE(m.apply(Action::with("set_link", "to", "nvlink-h100")).ok);
  CHECK_FALSE(m.apply(Action::make("add_gpu")).ok);
  CHECK_FALSE(m.apply(Action::make("double_gpus")).ok);
  REQUIRE(m.apply(Action::make("halve_gpus")).ok);
  CHECK(m.gpus() == 4);
  REQUIRE(m.set("gpus", 128).empty());
  CHECK_FALSE(m.check().empty());  // a lesson cannot start NVLink with 128 GPUs
}

TEST_CASE("interconnect: checkpoints step through never, 24, 12, 6, 3, 1 hours", "[machine]") {
  InterconnectMachine m{testing::shipped_hardware()};
  REQUIRE(m.set("gpus", 1024).empty());
  CHECK(var(m, "lost_hours") == 36);
  CHECK(var(m, "lost_gpu_hours") == 36 * 1024);
  CHECK_FALSE(m.apply(Action::make("checkpoint_less")).ok);
  for (double h : {24.0, 12.0, 6.0, 3.0, 1.0}) {
    REQUIRE(m.apply(Action::make("checkpoint_more")).ok);
    CHECK(var(m, "checkpoint_h") == h);
  }
  CHECK_FALSE(m.apply(Action::make("checkpoint_more")).ok);
  REQUIRE(m.apply(Action::with("set_checkpoint", "n", 5)).ok);
  REQUIRE(m.apply(Action::make("checkpoint_less")).ok);
  CHECK(var(m, "checkpoint_h") == 6);
  CHECK_FALSE(m.apply(Action::with("set_checkpoint", "n", -1)).ok);
  CHECK(m.broken_invariant().empty());
}

TEST_CASE("interconnect: a crash at 36 h loses the 12 h since the 24 h checkpoint", "[machine]") {
  InterconnectMachine m{testing::shipped_hardware()};
  REQUIRE(m.set("gpus", 1024).empty());
  CHECK(var(m, "crash_lost_hours") == 36);  // no checkpoints: everything
  REQUIRE(m.apply(Action::with("set_checkpoint", "n", 24)).ok);
  CHECK(var(m, "lost_hours") == 24);  // at worst, one interval
  CHECK(var(m, "crash_lost_hours") == 12);
  REQUIRE(m.apply(Action::with("set_checkpoint", "n", 5)).ok);
  CHECK(var(m, "crash_lost_hours") == 1);
}

TEST_CASE("interconnect: settings are checked", "[machine]") {
  InterconnectMachine m{testing::shipped_hardware()};
  CHECK_FALSE(m.set("link", "carrier-pigeon").empty());
  CHECK_FALSE(m.set("gpu", "consumer-24").empty());  // no published bf16 TFLOP/s
  CHECK_FALSE(m.set("utilization", 1.5).empty());
  CHECK_FALSE(m.set("gpus", 0).empty());
  CHECK_FALSE(m.set("warp", 9).empty());
}
