// The mistakes public calculators make, each pinned by its own test so none creeps back in.
#include <catch2/catch.hpp>

#include "lessonsim/calc/kv_cache.hpp"
#include "lessonsim/calc/memory_plan.hpp"
#include "lessonsim/calc/train_time.hpp"

using namespace lessonsim::calc;

TEST_CASE("trap: GB is 10^9 bytes, not GiB (2^30)", "[calc][trap]") {
  // 7.5B parameters in bf16 are 15 GB, which is only 13.97 GiB; a calculator that divides by
  // 2^30 and prints "GB" understates every figure by 7%.
  const Bytes w = weight_bytes(7'500'000'000, Precision::bf16);
  CHECK(bytes_to_gb(w) == 15.0);
  CHECK(static_cast<double>(w) / (1 << 30) == Approx(13.97).epsilon(0.001));
  // The Ultra-Scale Playbook's Llama-3.1-8B chart plots 14.96 for the bf16 weights: that is
  // GiB; in GB the same 8,030,261,248 parameters take 16.06.
  const Bytes llama8b = weight_bytes(8'030'261'248, Precision::bf16);
  CHECK(static_cast<double>(llama8b) / (1 << 30) == Approx(14.957).epsilon(0.0005));
  CHECK(bytes_to_gb(llama8b) == Approx(16.06).epsilon(0.0005));
  CHECK(bytes_per_gb == 1'000'000'000);
}

TEST_CASE("trap: 6 FLOPs per parameter per token, 8 with activation recomputation",
          "[calc][trap]") {
  // Narayanan 2021 §5.1 uses 8 because its runs recompute activations; the common 6PT is a
  // run without recomputation. Mixing them is off by a third.
  CHECK(flops_per_param_token(false) == 6);
  CHECK(flops_per_param_token(true) == 8);
  const TrainTimeQuery q{175'000'000'000, 300'000'000'000, 1024, 140e12, false};
  TrainTimeQuery with = q;
  with.recompute = true;
  CHECK(train_time(q).days == Approx(25.4).epsilon(0.005));
  CHECK(train_time(with).days / train_time(q).days == Approx(8.0 / 6.0));
}

TEST_CASE("trap: mixed-precision Adam is 16 B/param, 20 with fp32 gradient accumulation",
          "[calc][trap]") {
  // Not 2 (the served copy), not 12 (the optimizer alone), not always 16.
  const std::int64_t p = 1'000'000'000;
  CHECK(training_states(p, {}).total() == 16 * p);
  CHECK(training_states(p, {Precision::bf16, Optimizer::adam, true}).total() == 20 * p);
  CHECK(training_states(p, {Precision::bf16, Optimizer::adam, true}).gradients == 6 * p);
  CHECK(serving_states(p, Precision::bf16).total() == 2 * p);
}

TEST_CASE("trap: the KV cache counts KV heads, not query heads (grouped-query attention)",
          "[calc][trap]") {
  // Llama-2-70B has 64 query heads but caches only 8 KV heads. Counting all 64 gives
  // 2.5 MiB per token, 8x the real 320 KiB.
  const KvShape gqa{80, 8, 128, 1, 1, 4};
  const KvShape as_if_mha{80, 64, 128, 1, 1, 4};
  CHECK(kv_bytes_per_token(gqa) == 320 * 1024);
  CHECK(kv_bytes_per_token(as_if_mha) == 2560 * 1024);
  CHECK(kv_bytes_per_token(as_if_mha) == 8 * kv_bytes_per_token(gqa));
}

TEST_CASE("trap: activations are part of training memory, and are said to be missing",
          "[calc][trap]") {
  // GPT-3 with ZeRO-3 over 1024 GPUs: the model states shrink to 2.7 GB a GPU, but one
  // 2048-token sequence still keeps 275 GB of activations without recomputation.
  MemoryQuery q;
  q.params = 175'000'000'000;
  q.mode = Mode::train;
  q.dp = 1024;
  q.zero = 3;
  const MemoryPlan states_only = plan_memory(q);
  CHECK_FALSE(states_only.activations_counted);
  CHECK(states_only.per_gpu.activations == 0);
  CHECK(bytes_to_gb(states_only.per_gpu_bytes()) == Approx(2.73).epsilon(0.005));
  q.shape = ModelShape{96, 12288, 96, 2048, 1};
  const MemoryPlan with = plan_memory(q);
  CHECK(with.activations_counted);
  CHECK(bytes_to_gb(with.per_gpu.activations) == Approx(275.4).epsilon(0.001));
  CHECK(with.per_gpu_bytes() > 100 * states_only.per_gpu_bytes());
}
