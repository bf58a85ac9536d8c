// The memory-stack machine against ZeRO (Rajbhandari et al. 2020) and the course's 140B model.
#include <catch2/catch.hpp>

#include "../../support/machine_test_support.hpp"
#include "memory_stack/memory_stack.hpp"

using namespace lessonsim;
using lessonsim::testing::var;

namespace {

MemoryStackMachine make(double params_b, int gpus, int zero, int max_gpus = 64) {
  MemoryStackMachine m;
  REQUIRE(m.set("params_b", params_b).empty());
  REQUIRE(m.set("max_gpus", max_gpus).empty());
  REQUIRE(m.set("gpus", gpus).empty());
  REQUIRE(m.set("zero", zero).empty());
  REQUIRE(m.check().empty());
  return m;
}

}  // namespace

TEST_CASE("memory-stack: ZeRO's 7.5B model on 64 GPUs, 120 / 31.4 / 16.6 / 1.88 GB", "[machine]") {
  // Rajbhandari et al. 2020, Figure 1: Ψ = 7.5B, N = 64, K = 12.
  const double expected[] = {120.0, 31.40625, 16.640625, 1.875};
  for (int stage = 0; stage <= 3; ++stage) {
    INFO("stage " << stage);
    MemoryStackMachine m = make(7.5, 64, stage);
    CHECK(var(m, "total_gb") == Approx(expected[stage]));
    CHECK(m.broken_invariant().empty());
  }
  CHECK(format_number(1.875, "en") == "1.88");
  CHECK(format_number(31.40625, "en") == "31.4");
}

TEST_CASE("memory-stack: the 140B model, 16 B/param against 2 to serve", "[machine]") {
  MemoryStackMachine m = make(140, 1, 0);
  CHECK(var(m, "serve_gb") == 280);
  CHECK(var(m, "train_gb") == 2240);
  CHECK(var(m, "train_tb") == Approx(2.24));
  CHECK(var(m, "train_bytes_per_param") == 16);
  CHECK(var(m, "serve_bytes_per_param") == 2);
  CHECK(var(m, "weights_gb") == 280);
  CHECK(var(m, "gradients_gb") == 280);
  CHECK(var(m, "optimizer_gb") == 1680);
  CHECK(var(m, "overflow_gb") == 2160);
  // The weights alone are over the 80 GB line.
  CHECK(var(m, "weights_cross") == 1);
  CHECK(var(m, "optimizer_cross") == 0);
  CHECK(var(m, "min_gpus") == 0);
  CHECK(var(m, "best_gpus") == 28);
}

TEST_CASE("memory-stack: ZeRO-3 over 28 GPUs is exactly 80 GB; 27 overflow", "[machine]") {
  MemoryStackMachine m = make(140, 28, 3);
  CHECK(var(m, "total_gb") == 80);
  CHECK(var(m, "fits") == 1);
  CHECK(var(m, "free_gb") == 0);
  CHECK(var(m, "min_gpus") == 28);
  MemoryStackMachine less = make(140, 27, 3);
  CHECK(var(less, "fits") == 0);
  CHECK(var(less, "overflow_gb") == Approx(2240.0 / 27 - 80));
  // Stacked bottom to top, 10.4 + 10.4 + 62.2 GB: the line falls inside the optimizer state.
  CHECK(var(less, "optimizer_cross") == 1);
  // Stages 1 and 2 keep whole weights (and gradients) on every GPU: never within 80 GB.
  CHECK(var(make(140, 64, 2), "min_gpus") == 0);
  CHECK(var(make(140, 64, 2), "weights_gb") == 280);
  CHECK(var(make(140, 64, 1), "gradients_cross") == 0);
}

TEST_CASE("memory-stack: activations on top need 32 GPUs, not 28", "[machine]") {
  MemoryStackMachine m = make(140, 28, 3);
  REQUIRE(m.set("activations", true).empty());
  REQUIRE(m.check().empty());
  // Full recomputation keeps 2sbh bytes per layer: 2 × 4096 × 12288 × 80 (Korthikanti 2022).
  CHECK(var(m, "activations_gb") == Approx(8.05306368));
  CHECK(var(m, "fits") == 0);
  CHECK(var(m, "activations_cross") == 1);
  CHECK(var(m, "best_gpus") == 32);
  REQUIRE(m.apply(Action::with("set_gpus", "n", 32)).ok);
  CHECK(var(m, "total_gb") == Approx(70 + 8.05306368));
  CHECK(m.broken_invariant().empty());
}

TEST_CASE("memory-stack: precision and optimizer change the bytes per parameter", "[machine]") {
  MemoryStackMachine m = make(140, 1, 0);
  REQUIRE(m.apply(Action::with("set_precision", "to", "fp8")).ok);
  CHECK(var(m, "weights_gb") == 140);
  CHECK(var(m, "train_bytes_per_param") == 14);  // 1 + 1 + 12
  REQUIRE(m.apply(Action::make("next_precision")).ok);
  CHECK(var(m, "precision_bits") == 32);
  CHECK(var(m, "train_bytes_per_param") == 16);  // 4 + 4 + 8: no master copy in fp32
  REQUIRE(m.apply(Action::make("next_optimizer")).ok);
  CHECK(var(m, "adam") == 0);
  CHECK(var(m, "train_bytes_per_param") == 12);  // 4 + 4 + 4
  // 1680 GB / 21 is 80 GB on paper, but 560 GB of each part over 21 GPUs leaves the fullest
  // GPU a byte more of each: 80 GB + 3 bytes. Whole bytes decide, so 22.
  CHECK(var(m, "best_gpus") == 22);
  CHECK_FALSE(m.apply(Action::with("set_precision", "to", "int4")).ok);
  CHECK_FALSE(m.apply(Action::with("set_optimizer", "to", "adam8bit")).ok);
  CHECK_FALSE(m.apply(Action::with("set_zero", "n", 4)).ok);
  CHECK_FALSE(m.apply(Action::make("zero_down")).ok);
  CHECK_FALSE(m.apply(Action::make("remove_gpu")).ok);
  CHECK_FALSE(m.apply(Action::with("set_gpus", "n", 65)).ok);
  Outcome o = m.apply(Action::make("fly"));
  CHECK_FALSE(o.ok);
  CHECK(o.why.in("es").find("fly") != std::string::npos);
  CHECK(m.broken_invariant().empty());
}

TEST_CASE("memory-stack: settings are checked", "[machine]") {
  MemoryStackMachine m;
  CHECK_FALSE(m.set("precision", "int8").empty());
  CHECK_FALSE(m.set("zero", 4).empty());
  CHECK_FALSE(m.set("params_b", -1).empty());
  CHECK_FALSE(m.set("recompute", "most").empty());
  CHECK_FALSE(m.set("colour", 1).empty());
  REQUIRE(m.set("gpus", 65).empty());
  CHECK_FALSE(m.check().empty());
  MemoryStackMachine bad;
  REQUIRE(bad.set("activations", true).empty());
  REQUIRE(bad.set("heads", 7).empty());  // 7 does not divide 12288
  CHECK_FALSE(bad.check().empty());
}

TEST_CASE("memory-stack: its figures follow every change, read once or many times", "[machine]") {
  // plan() keeps the last plan for the query it answered; a move, a setting and a copy must
  // each give the figures a fresh machine in that state gives.
  MemoryStackMachine m = make(140, 1, 0);
  CHECK(var(m, "total_gb") == 2240);
  REQUIRE(m.apply(Action::make("add_gpu")).ok);
  REQUIRE(m.apply(Action::make("zero_up")).ok);
  CHECK(var(m, "total_gb") == var(make(140, 2, 1), "total_gb"));
  REQUIRE(m.set("precision", "fp32").empty());
  MemoryStackMachine fp32 = make(140, 2, 1);
  REQUIRE(fp32.set("precision", "fp32").empty());
  CHECK(var(m, "total_gb") == var(fp32, "total_gb"));
  auto copy = m.clone();
  REQUIRE(copy->apply(Action::make("add_gpu")).ok);
  CHECK(var(*copy, "total_gb") < var(m, "total_gb"));
  CHECK(var(m, "total_gb") == var(fp32, "total_gb"));
  // Only the variables asked for are read, and they read as the full list does.
  std::vector<double> all, some;
  m.values(all);
  const auto& vars = m.spec().variables;
  std::vector<int> picked;
  for (int k = 0; k < static_cast<int>(vars.size()); k += 3)
    picked.push_back(k);
  m.values_at(picked, some);
  REQUIRE(some.size() == all.size());
  for (int k : picked)
    CHECK(some[static_cast<std::size_t>(k)] == all[static_cast<std::size_t>(k)]);
}
