#include <catch2/catch.hpp>

#include "lessonsim/calc/error.hpp"
#include "lessonsim/calc/memory_plan.hpp"

using namespace lessonsim::calc;

namespace {
MemoryQuery train(std::int64_t params) {
  MemoryQuery q;
  q.params = params;
  q.mode = Mode::train;
  return q;
}
const ModelShape gpt3_shape{96, 12288, 96, 2048, 1};
}  // namespace

TEST_CASE("calc memory: serving a model is its weights at a precision", "[calc]") {
  MemoryQuery q;
  q.params = 140'000'000'000;
  CHECK(plan_memory(q).per_gpu_bytes() == 280'000'000'000);
  q.training.precision = Precision::int4;
  CHECK(plan_memory(q).per_gpu_bytes() == 70'000'000'000);
  q.tp = 4;  // tensor parallelism splits the served weights too
  CHECK(plan_memory(q).per_gpu_bytes() == 17'500'000'000);
  CHECK(plan_memory(q).total_bytes() == 70'000'000'000);
  CHECK(plan_memory(q).gpus == 4);
}

TEST_CASE("ZeRO (Rajbhandari et al. 2020) §5: the done-when row, 7.5B, N = 64, stage 1", "[calc]") {
  MemoryQuery q = train(7'500'000'000);
  q.dp = 64;
  q.zero = 1;
  const MemoryPlan p = plan_memory(q);
  CHECK(p.per_gpu_bytes() == 31'406'250'000);
  CHECK(p.total_bytes() == 120'000'000'000);
  CHECK(p.per_gpu.optimizer == 1'406'250'000);
  CHECK_FALSE(p.activations_counted);
  CHECK(p.gpus == 64);
}

TEST_CASE("calc memory: Megatron 3D parallelism for GPT-3 with SP and selective recompute",
          "[calc]") {
  // t = 8, p = 8, N = 16 with ZeRO-1: states divide by t·p, the optimizer also by N; each GPU
  // keeps 96 layers × 4.25 sbh of activations (Korthikanti 2022, Table 2 and §4.2.3).
  MemoryQuery q = train(175'000'000'000);
  q.tp = 8;
  q.pp = 8;
  q.dp = 16;
  q.zero = 1;
  q.shape = gpt3_shape;
  q.seq_parallel = true;
  q.recompute = Recompute::selective;
  const MemoryPlan p = plan_memory(q);
  CHECK(p.per_gpu.weights == 5'468'750'000);
  CHECK(p.per_gpu.optimizer == ceil_div(2'100'000'000'000, 8 * 8 * 16));
  CHECK(p.per_gpu.activations == 96LL * 17 * 25'165'824 / 4);
  CHECK(p.one_copy.activations == 96 * 34 * 25'165'824LL);
  CHECK(p.per_gpu_bytes() ==
        p.per_gpu.weights + p.per_gpu.gradients + p.per_gpu.optimizer + p.per_gpu.activations);
  CHECK(p.gpus == 1024);
}

TEST_CASE("calc memory: combinations that make no sense are refused", "[calc]") {
  MemoryQuery serve;
  serve.params = 7'000'000'000;
  MemoryQuery q = serve;
  q.zero = 1;
  CHECK_THROWS_WITH(plan_memory(q), Catch::Contains("--mode train"));
  q = serve;
  q.shape = gpt3_shape;
  CHECK_THROWS_WITH(plan_memory(q), Catch::Contains("KV cache"));
  q = serve;
  q.training.fp32_grad_accum = true;
  CHECK_THROWS_AS(plan_memory(q), CalcError);
  q = train(7'000'000'000);
  q.recompute = Recompute::full;
  CHECK_THROWS_WITH(plan_memory(q), Catch::Contains("shape"));
  q = train(7'000'000'000);
  q.seq_parallel = true;
  CHECK_THROWS_WITH(plan_memory(q), Catch::Contains("shape"));
  q = train(175'000'000'000);
  q.shape = gpt3_shape;
  q.pp = 97;
  CHECK_THROWS_WITH(plan_memory(q), Catch::Contains("97 is more stages than the 96 layers"));
  q = train(175'000'000'000);
  q.shape = gpt3_shape;
  q.tp = 192;
  CHECK_THROWS_WITH(plan_memory(q), Catch::Contains("larger than the 96 attention heads"));
  q = train(0);
  CHECK_THROWS_AS(plan_memory(q), CalcError);
  q = train(1);
  q.dp = 0;
  CHECK_THROWS_AS(plan_memory(q), CalcError);
  q = train(1);
  q.training.precision = Precision::int4;
  CHECK_THROWS_WITH(plan_memory(q), Catch::Contains("serving format"));
}

TEST_CASE("calc memory: the plan names its conventions", "[calc]") {
  MemoryQuery q = train(7'500'000'000);
  q.dp = 64;
  q.zero = 1;
  CHECK(
      describe_setup(q) ==
      "bf16 weights, Adam(W): 16 B/param (K = 12), ZeRO stage 1; data 64 × tensor 1 × pipeline 1");
  q.training.fp32_grad_accum = true;
  CHECK_THAT(describe_setup(q), Catch::Contains("20 B/param (K = 12)"));
  q.training = {Precision::bf16, Optimizer::sgd, false};
  CHECK_THAT(describe_setup(q), Catch::Contains("SGD with momentum: 12 B/param (K = 8)"));
  MemoryQuery serve;
  serve.params = 1;
  serve.training.precision = Precision::int4;
  CHECK_THAT(describe_setup(serve), Catch::StartsWith("int4 weights only: 0.5 B/param"));
}
