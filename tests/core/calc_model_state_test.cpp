// Weights, training state and ZeRO against the published figures; each case names its source.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "lessonsim/calc/error.hpp"
#include "lessonsim/calc/model_state.hpp"

using namespace lessonsim::calc;

namespace {
constexpr std::int64_t billion = 1'000'000'000;
double gb(Bytes b) {
  return bytes_to_gb(b);
}
}  // namespace

TEST_CASE("EleutherAI Transformer Math 101: bytes per parameter of each precision", "[calc]") {
  // fp32 4, fp16/bf16 2, int8 1, int4 0.5 bytes per parameter.
  CHECK(weight_bytes(billion, Precision::fp32) == 4 * billion);
  CHECK(weight_bytes(billion, Precision::bf16) == 2 * billion);
  CHECK(weight_bytes(billion, Precision::fp16) == 2 * billion);
  CHECK(weight_bytes(billion, Precision::fp8) == billion);
  CHECK(weight_bytes(billion, Precision::int8) == billion);
  CHECK(weight_bytes(billion, Precision::int4) == billion / 2);
  CHECK(weight_bytes(3, Precision::int4) == 2);  // half a byte still takes a byte
}

TEST_CASE("EleutherAI Transformer Math 101: optimizer bytes per parameter", "[calc]") {
  // AdamW 12 (fp32 copy + momentum + variance), 8-bit 6 (copy + two 1-byte states),
  // SGD with momentum 8 (copy + momentum); gradients 2 in half precision.
  CHECK(optimizer_bytes_per_param({Precision::bf16, Optimizer::adam, false}) == 12);
  CHECK(optimizer_bytes_per_param({Precision::bf16, Optimizer::adam8bit, false}) == 6);
  CHECK(optimizer_bytes_per_param({Precision::bf16, Optimizer::sgd, false}) == 8);
  CHECK(gradient_bytes_per_param({Precision::bf16, Optimizer::adam, false}) == 2);
  CHECK(training_states(billion, {Precision::bf16, Optimizer::sgd, false}).total() == 12 * billion);
  CHECK(training_states(billion, {Precision::bf16, Optimizer::adam8bit, false}).total() ==
        10 * billion);
}

TEST_CASE("Hugging Face Ultra-Scale Playbook: memory table, 16 and 20 B/param", "[calc]") {
  // "FP32 or BF16 w/o FP32 grad acc" | "BF16 w/ FP32 grad acc":
  // 1B 16 | 20 GB; 7B 112 | 140 GB; 70B 1120 | 1400 GB; 405B 6480 | 8100 GB.
  struct Row {
    std::int64_t params;
    double without, with;
  };
  for (Row r : {Row{1, 16, 20}, Row{7, 112, 140}, Row{70, 1120, 1400}, Row{405, 6480, 8100}}) {
    INFO(r.params << "B");
    const std::int64_t p = r.params * billion;
    CHECK(gb(training_states(p, {Precision::bf16, Optimizer::adam, false}).total()) == r.without);
    CHECK(gb(training_states(p, {Precision::fp32, Optimizer::adam, false}).total()) == r.without);
    CHECK(gb(training_states(p, {Precision::bf16, Optimizer::adam, true}).total()) == r.with);
  }
}

TEST_CASE("ZeRO (Rajbhandari et al. 2020) §5 / Figure 1: 7.5B on 64 GPUs, K = 12", "[calc]") {
  // 120 GB replicated; 31.4 GB (P_os), 16.6 GB (P_os+g), 1.88 GB (P_os+g+p).
  const ModelStates s = training_states(7'500'000'000, {});
  CHECK(s.weights == 15 * billion);  // 2Ψ
  CHECK(s.gradients == 15 * billion);
  CHECK(s.optimizer == 90 * billion);  // KΨ
  CHECK(zero_shard(s, 0, 64).total() == 120 * billion);
  CHECK(zero_shard(s, 1, 64).total() == 31'406'250'000);  // 4Ψ + KΨ/N
  CHECK(zero_shard(s, 2, 64).total() == 16'640'625'000);  // 2Ψ + (2+K)Ψ/N
  CHECK(zero_shard(s, 3, 64).total() == 1'875'000'000);   // (4+K)Ψ/N
  CHECK(gb(zero_shard(s, 1, 64).total()) == Approx(31.4).epsilon(0.005));
  CHECK(gb(zero_shard(s, 2, 64).total()) == Approx(16.6).epsilon(0.005));
  CHECK(gb(zero_shard(s, 3, 64).total()) == Approx(1.88).epsilon(0.005));
}

// The value as printed agrees with `bytes` to one unit of its last printed digit (Table 1
// truncates some values: 4187.5 is printed 4187).
static bool agrees_as_printed(Bytes bytes, const std::string& printed) {
  const std::size_t dot = printed.find('.');
  const int decimals = dot == std::string::npos ? 0 : static_cast<int>(printed.size() - dot - 1);
  return std::abs(bytes_to_gb(bytes) - std::stod(printed)) <= std::pow(10.0, -decimals);
}

TEST_CASE("ZeRO (Rajbhandari et al. 2020) Table 1: per-device GB by DP degree", "[calc]") {
  // Model, DP degree N, then P_os, P_os+g, P_os+g+p in GB as the table prints them.
  struct Row {
    std::int64_t params;
    std::int64_t dp;
    const char* os;
    const char* os_g;
    const char* os_g_p;
  };
  const Row rows[] = {
      {7'500'000'000, 1, "120", "120", "120"},      {7'500'000'000, 4, "52.5", "41.3", "30"},
      {7'500'000'000, 16, "35.6", "21.6", "7.5"},   {7'500'000'000, 64, "31.4", "16.6", "1.88"},
      {7'500'000'000, 256, "30.4", "15.4", "0.47"}, {7'500'000'000, 1024, "30.1", "15.1", "0.12"},
      {128 * billion, 64, "536", "284", "32"},      {128 * billion, 1024, "513", "257", "2"},
      {1000 * billion, 64, "4187", "2218", "250"},  {1000 * billion, 1024, "4011", "2013", "15.6"},
  };
  for (const Row& r : rows) {
    INFO(r.params << " params on " << r.dp << " GPUs");
    const ModelStates s = training_states(r.params, {});
    CHECK(agrees_as_printed(zero_shard(s, 1, r.dp).total(), r.os));
    CHECK(agrees_as_printed(zero_shard(s, 2, r.dp).total(), r.os_g));
    CHECK(agrees_as_printed(zero_shard(s, 3, r.dp).total(), r.os_g_p));
  }
}

TEST_CASE("CONTENT.md lesson 2: the 140B model needs 2.24 TB of training state", "[calc]") {
  const Bytes state = training_states(140 * billion, {}).total();
  CHECK(state == 2'240 * billion);
  CHECK(serving_states(140 * billion, Precision::bf16).total() == 280 * billion);
}

TEST_CASE("calc model state: tensor and pipeline parallelism divide all three states", "[calc]") {
  const ModelStates s = training_states(175 * billion, {});
  const ModelStates mine = divide_by_model_parallel(s, 8, 8);
  CHECK(mine.weights == ceil_div(350 * billion, 64));
  CHECK(mine.optimizer == ceil_div(2100 * billion, 64));
  // The fullest GPU: an uneven split rounds up, never down.
  CHECK(divide_by_model_parallel({10, 0, 0}, 3, 1).weights == 4);
}

TEST_CASE("calc model state: setups that make no sense are refused", "[calc]") {
  CHECK_THROWS_AS(training_states(billion, {Precision::int4, Optimizer::adam, false}), CalcError);
  CHECK_THROWS_WITH(training_states(billion, {Precision::int8, Optimizer::adam, false}),
                    Catch::Contains("serving format"));
  CHECK_THROWS_WITH(training_states(billion, {Precision::fp32, Optimizer::adam, true}),
                    Catch::Contains("mixed precision"));
  CHECK_THROWS_WITH(zero_shard({}, 4, 8), Catch::Contains("stages 0, 1, 2 and 3"));
  CHECK_THROWS_AS(zero_shard({}, 1, 0), CalcError);
  CHECK_THROWS_AS(divide_by_model_parallel({}, 0, 1), CalcError);
  CHECK_THROWS_AS(weight_bytes(-1, Precision::bf16), CalcError);
  CHECK_THROWS_WITH(training_states(1'000'000'000'000'000'000, {}), Catch::Contains("past"));
}
