#include "lessonsim/calc/memory_plan.hpp"

#include <string>

#include "lessonsim/calc/error.hpp"
#include "lessonsim/calc/quantity.hpp"

namespace lessonsim::calc {

namespace {

void check_query(const MemoryQuery& q) {
  if (q.params < 1) throw CalcError("the number of parameters must be at least 1");
  if (q.dp < 1) throw CalcError("the data-parallel size must be at least 1 GPU");
  if (q.tp < 1) throw CalcError("the tensor-parallel size must be at least 1 GPU");
  if (q.pp < 1) throw CalcError("the pipeline-parallel size must be at least 1 GPU");
  if (q.mode == Mode::serve) {
    // Each of these describes how training stores or splits its extra state; a served copy
    // has none, so accepting them would print a number that means nothing.
    if (q.zero != 0) throw CalcError("ZeRO shards training state: it needs --mode train");
    if (q.training.fp32_grad_accum) {
      throw CalcError("gradient accumulation is part of training: it needs --mode train");
    }
    if (q.shape) {
      throw CalcError(
          "the layer shape counts training activations (Korthikanti et al. 2022); "
          "for serving, the memory that grows is the KV cache: see `calc kv`");
    }
  } else {
    check_setup(q.training);
  }
  if (!q.shape && (q.recompute != Recompute::none || q.seq_parallel)) {
    throw CalcError(
        "recomputation and sequence parallelism change the activations, which need "
        "the model's shape: --layers --hidden --heads --seq --micro-batch");
  }
  if (q.shape && q.pp > q.shape->layers) {
    throw CalcError("pipeline parallelism of " + std::to_string(q.pp) +
                    " is more stages than the " + std::to_string(q.shape->layers) +
                    " layers it splits");
  }
}

}  // namespace

Bytes MemoryParts::total() const {
  return checked_add(checked_add(weights, gradients), checked_add(optimizer, activations));
}

MemoryPlan plan_memory(const MemoryQuery& q) {
  check_query(q);
  const ModelStates states = q.mode == Mode::train ? training_states(q.params, q.training)
                                                   : serving_states(q.params, q.training.precision);
  const ModelStates mine = zero_shard(divide_by_model_parallel(states, q.tp, q.pp), q.zero, q.dp);
  MemoryPlan plan;
  plan.gpus = checked_mul(checked_mul(q.dp, q.tp), q.pp);
  plan.per_gpu = {mine.weights, mine.gradients, mine.optimizer, 0};
  plan.one_copy = {states.weights, states.gradients, states.optimizer, 0};
  if (q.shape) {
    plan.activations_counted = true;
    plan.per_gpu.activations = activation_bytes(*q.shape, {q.tp, q.seq_parallel, q.recompute});
    plan.one_copy.activations = activation_bytes(*q.shape, {1, false, q.recompute});
  }
  plan.per_gpu.total();  // throws when the sum is past 64 bits
  plan.one_copy.total();
  return plan;
}

std::string describe_setup(const MemoryQuery& q) {
  const TrainingSetup& s = q.training;
  std::string out(precision_name(s.precision));
  if (q.mode == Mode::serve) {
    out += " weights only: " + format_amount(bits_per_param(s.precision) / 8.0, 1) + " B/param";
  } else {
    const int k = optimizer_bytes_per_param(s);
    const int per_param = bits_per_param(s.precision) / 8 + gradient_bytes_per_param(s) + k;
    out += " weights, " + std::string(optimizer_title(s.optimizer)) +
           (s.fp32_grad_accum ? " with fp32 gradient accumulation" : "") + ": " +
           std::to_string(per_param) + " B/param (K = " + std::to_string(k) + ")";
  }
  if (q.zero > 0) out += ", ZeRO stage " + std::to_string(q.zero);
  out += "; data " + std::to_string(q.dp) + " × tensor " + std::to_string(q.tp) + " × pipeline " +
         std::to_string(q.pp);
  if (q.shape) {
    out += "; recompute " + std::string(recompute_name(q.recompute)) +
           (q.seq_parallel ? ", sequence parallel" : "");
  }
  return out;
}

}  // namespace lessonsim::calc
