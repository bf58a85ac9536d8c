#include "lessonsim/calc/model_state.hpp"

#include <array>
#include <string>

#include "lessonsim/calc/error.hpp"

namespace lessonsim::calc {

namespace {

struct PrecisionInfo {
  Precision p;
  std::string_view name;
  int bits;
};
constexpr std::array<PrecisionInfo, 6> precisions{{{Precision::fp32, "fp32", 32},
                                                   {Precision::bf16, "bf16", 16},
                                                   {Precision::fp16, "fp16", 16},
                                                   {Precision::fp8, "fp8", 8},
                                                   {Precision::int8, "int8", 8},
                                                   {Precision::int4, "int4", 4}}};

struct OptimizerInfo {
  Optimizer o;
  std::string_view name;
  std::string_view title;
  int state_bytes;  // per parameter, beside any fp32 master copy
};
// Adam: two fp32 moments; SGD: one fp32 momentum; 8-bit Adam (Dettmers et al. 2022): two 1-byte
// moments.
constexpr std::array<OptimizerInfo, 3> optimizers{
    {{Optimizer::adam, "adam", "Adam(W)", 8},
     {Optimizer::sgd, "sgd", "SGD with momentum", 4},
     {Optimizer::adam8bit, "adam8bit", "8-bit Adam", 2}}};

constexpr int master_copy_bytes = 4;  // the fp32 weights mixed precision updates
constexpr int fp32_accum_bytes = 4;   // the extra fp32 gradient buffer

}  // namespace

int bits_per_param(Precision p) {
  for (const auto& info : precisions) {
    if (info.p == p) return info.bits;
  }
  return 0;
}

std::string_view precision_name(Precision p) {
  for (const auto& info : precisions) {
    if (info.p == p) return info.name;
  }
  return {};
}

std::optional<Precision> parse_precision(std::string_view name) {
  for (const auto& info : precisions) {
    if (info.name == name) return info.p;
  }
  return std::nullopt;
}

bool trains_in(Precision p) {
  return p != Precision::int8 && p != Precision::int4;
}

Bytes weight_bytes(std::int64_t params, Precision p) {
  if (params < 0) throw CalcError("the number of parameters cannot be negative");
  return ceil_div(checked_mul(params, bits_per_param(p)), 8);
}

std::string_view optimizer_name(Optimizer o) {
  for (const auto& info : optimizers) {
    if (info.o == o) return info.name;
  }
  return {};
}

std::string_view optimizer_title(Optimizer o) {
  for (const auto& info : optimizers) {
    if (info.o == o) return info.title;
  }
  return {};
}

std::optional<Optimizer> parse_optimizer(std::string_view name) {
  for (const auto& info : optimizers) {
    if (info.name == name) return info.o;
  }
  return std::nullopt;
}

void check_setup(const TrainingSetup& s) {
  if (!trains_in(s.precision)) {
    throw CalcError(std::string(precision_name(s.precision)) +
                    " is a serving format: training needs fp32, bf16, fp16 or fp8 weights");
  }
  if (s.fp32_grad_accum && s.precision == Precision::fp32) {
    throw CalcError(
        "fp32 gradient accumulation only applies to mixed precision (bf16, fp16 or fp8): "
        "in fp32 training the gradients are fp32 already");
  }
}

int gradient_bytes_per_param(const TrainingSetup& s) {
  return bits_per_param(s.precision) / 8 + (s.fp32_grad_accum ? fp32_accum_bytes : 0);
}

int optimizer_bytes_per_param(const TrainingSetup& s) {
  int master = s.precision == Precision::fp32 ? 0 : master_copy_bytes;
  for (const auto& info : optimizers) {
    if (info.o == s.optimizer) return master + info.state_bytes;
  }
  return master;
}

Bytes ModelStates::total() const {
  return checked_add(checked_add(weights, gradients), optimizer);
}

ModelStates serving_states(std::int64_t params, Precision p) {
  return {weight_bytes(params, p), 0, 0};
}

ModelStates training_states(std::int64_t params, const TrainingSetup& s) {
  check_setup(s);
  if (params < 0) throw CalcError("the number of parameters cannot be negative");
  ModelStates out;
  out.weights = weight_bytes(params, s.precision);
  out.gradients = checked_mul(params, gradient_bytes_per_param(s));
  out.optimizer = checked_mul(params, optimizer_bytes_per_param(s));
  out.total();  // throws when the sum is past 64 bits
  return out;
}

ModelStates divide_by_model_parallel(const ModelStates& states, std::int64_t tp, std::int64_t pp) {
  if (tp < 1) throw CalcError("the tensor-parallel size must be at least 1");
  if (pp < 1) throw CalcError("the pipeline-parallel size must be at least 1");
  std::int64_t n = checked_mul(tp, pp);
  return {ceil_div(states.weights, n), ceil_div(states.gradients, n),
          ceil_div(states.optimizer, n)};
}

ModelStates zero_shard(const ModelStates& states, int stage, std::int64_t dp) {
  if (stage < 0 || stage > 3) {
    throw CalcError("ZeRO has stages 0, 1, 2 and 3, not " + std::to_string(stage));
  }
  if (dp < 1) throw CalcError("the data-parallel size must be at least 1");
  ModelStates out = states;
  if (stage >= 1) out.optimizer = ceil_div(states.optimizer, dp);
  if (stage >= 2) out.gradients = ceil_div(states.gradients, dp);
  if (stage >= 3) out.weights = ceil_div(states.weights, dp);
  return out;
}

}  // namespace lessonsim::calc
