// The memory-stack machine's variables and the laws random play checks.
#include <algorithm>

#include "lessonsim/calc/error.hpp"
#include "lessonsim/machine_table.hpp"
#include "memory_stack.hpp"

namespace lessonsim {

namespace {

// Which part the memory line falls inside, stacked bottom to top: 0 weights ... 3 activations,
// -1 when the whole stack is within the line.
int crossing_part(const calc::MemoryParts& p, calc::Bytes line) {
  const calc::Bytes parts[] = {p.weights, p.gradients, p.optimizer, p.activations};
  calc::Bytes top = 0;
  for (int k = 0; k < 4; ++k) {
    top += parts[k];
    if (top > line) return k;
  }
  return -1;
}

}  // namespace

std::vector<VariableInfo> MemoryStackMachine::variable_table() {
  using M = MemoryStackMachine;
  using table::boolean;
  using table::number;
  auto gb = [](calc::Bytes b) { return calc::bytes_to_gb(b); };
  auto total = [](const M& m) { return m.plan().per_gpu.total(); };
  auto cross = [](const M& m) { return crossing_part(m.plan().per_gpu, m.gpu_bytes_); };
  auto train = [](const M& m) {
    const calc::MemoryPlan p = m.plan();
    return p.one_copy.weights + p.one_copy.gradients + p.one_copy.optimizer;
  };
  auto weight_bytes = [](const M& m) { return calc::bits_per_param(m.precision_) / 8; };
  auto crossing = [cross](const char* name, int part, const char* what) {
    return table::boolean<M>(name, what, [cross, part](const M& m) { return cross(m) == part; });
  };
  return {
      number<M>("params_b", "", "the model's parameters, in billions",
                [](const M& m) { return static_cast<double>(m.params_) / 1e9; }),
      number<M>("gpu_memory_gb", "GB", "each GPU's memory in GB",
                [gb](const M& m) { return gb(m.gpu_bytes_); }),
      number<M>("gpus", "GPU", "how many data-parallel GPUs there are",
                [](const M& m) { return m.gpus_; }),
      number<M>("zero", "", "the ZeRO stage, 0 to 3", [](const M& m) { return m.zero_; }),
      number<M>("precision_bits", "", "bits per weight: 32, 16 or 8",
                [](const M& m) { return calc::bits_per_param(m.precision_); }),
      boolean<M>("adam", "the optimizer is Adam (else SGD with momentum)",
                 [](const M& m) { return m.optimizer_ == calc::Optimizer::adam; }),
      number<M>("weights_gb", "GB", "weights on the fullest GPU, GB",
                [gb](const M& m) { return gb(m.plan().per_gpu.weights); }),
      number<M>("gradients_gb", "GB", "gradients on the fullest GPU, GB",
                [gb](const M& m) { return gb(m.plan().per_gpu.gradients); }),
      number<M>("optimizer_gb", "GB", "optimizer state on the fullest GPU, GB",
                [gb](const M& m) { return gb(m.plan().per_gpu.optimizer); }),
      number<M>("activations_gb", "GB", "activations on the fullest GPU, GB (0 when off)",
                [gb](const M& m) { return gb(m.plan().per_gpu.activations); }),
      number<M>("total_gb", "GB", "everything on the fullest GPU, GB",
                [gb, total](const M& m) { return gb(total(m)); }),
      number<M>("overflow_gb", "GB", "how far the fullest GPU is over its memory, else 0",
                [gb, total](const M& m) {
                  return gb(std::max<calc::Bytes>(0, total(m) - m.gpu_bytes_));
                }),
      number<M>("free_gb", "GB", "memory left on the fullest GPU, else 0",
                [gb, total](const M& m) {
                  return gb(std::max<calc::Bytes>(0, m.gpu_bytes_ - total(m)));
                }),
      boolean<M>("fits", "the fullest GPU holds its whole stack",
                 [total](const M& m) { return total(m) <= m.gpu_bytes_; }),
      crossing("weights_cross", 0, "the memory line falls inside the weights"),
      crossing("gradients_cross", 1, "the memory line falls inside the gradients"),
      crossing("optimizer_cross", 2, "the memory line falls inside the optimizer state"),
      crossing("activations_cross", 3, "the memory line falls inside the activations"),
      number<M>("min_gpus", "GPU",
                "the fewest GPUs that fit at this ZeRO stage (0: none up to max_gpus)",
                [](const M& m) { return m.fewest_gpus(m.zero_); }),
      number<M>("best_gpus", "GPU",
                "the fewest GPUs that fit at ZeRO stage 3 (0: none up to max_gpus)",
                [](const M& m) { return m.fewest_gpus(3); }),
      number<M>(
          "serve_gb", "GB", "one serving copy: the weights alone, GB",

          [gb](const M& m) { return gb(calc::serving_states(m.params_, m.precision_).weights); }),
      number<M>("train_gb", "GB",
                "one training copy before any split: weights + gradients + optimizer, GB",
                [gb, train](const M& m) { return gb(train(m)); }),
      number<M>("train_tb", "TB", "the same in TB (1,000 GB)",
                [gb, train](const M& m) { return gb(train(m)) / 1000; }),
      number<M>("serve_bytes_per_param", "", "bytes per parameter to serve", weight_bytes),
      number<M>("train_bytes_per_param", "", "bytes per parameter to train",
                [weight_bytes](const M& m) {
                  const calc::TrainingSetup setup{m.precision_, m.optimizer_, false};
                  return weight_bytes(m) + calc::gradient_bytes_per_param(setup) +
                         calc::optimizer_bytes_per_param(setup);
                }),
      number<M>("max_gpus", "GPU", "the most GPUs the learner may use",
                [](const M& m) { return m.max_gpus_; }),
  };
}

std::string MemoryStackMachine::broken_invariant() const {
  calc::MemoryPlan p;
  try {
    p = calc::plan_memory(query(gpus_, zero_));
  } catch (const calc::CalcError& e) {
    return std::string("the calculator refuses the machine's settings: ") + e.what();
  }
  if (gpus_ < 1 || gpus_ > max_gpus_) return "gpus left its limits";
  if (zero_ < 0 || zero_ > 3) return "the ZeRO stage left 0 to 3";
  // ZeRO stage k shards the first k of optimizer, gradients, weights: ceil(one copy / N).
  auto shard = [&](calc::Bytes whole, bool sharded) {
    return sharded ? calc::ceil_div(whole, gpus_) : whole;
  };
  if (p.per_gpu.optimizer != shard(p.one_copy.optimizer, zero_ >= 1) ||
      p.per_gpu.gradients != shard(p.one_copy.gradients, zero_ >= 2) ||
      p.per_gpu.weights != shard(p.one_copy.weights, zero_ >= 3)) {
    return "a part is not the share of one copy its ZeRO stage gives";
  }
  static const VariableHandle fits_var(memory_stack_machine_spec(), "fits");
  static const VariableHandle crossing_vars[] = {
      {memory_stack_machine_spec(), "weights_cross"},
      {memory_stack_machine_spec(), "gradients_cross"},
      {memory_stack_machine_spec(), "optimizer_cross"},
      {memory_stack_machine_spec(), "activations_cross"}};
  const bool fits = fits_var(*this) != 0;
  if (fits != (p.per_gpu.total() <= gpu_bytes_)) return "fits disagrees with the stack";
  double crossings = 0;
  for (const VariableHandle& c : crossing_vars)
    crossings += c(*this);
  if (crossings != (fits ? 0.0 : 1.0))
    return "the memory line must cross exactly one part, or none";
  for (int stage : {zero_, 3}) {
    const std::int64_t n = fewest_gpus(stage);
    auto fits_at = [&](std::int64_t g) {
      return calc::plan_memory(query(g, stage)).per_gpu_bytes() <= gpu_bytes_;
    };
    if (n == 0 && fits_at(max_gpus_)) return "the fewest GPUs were missed";
    if (n > 0 && (!fits_at(n) || (n > 1 && fits_at(n - 1)))) return "the fewest GPUs are wrong";
  }
  if (fewest_gpus(3) > 0 && fewest_gpus(zero_) > 0 && fewest_gpus(3) > fewest_gpus(zero_)) {
    return "a lower ZeRO stage needs fewer GPUs than stage 3";
  }
  return {};
}

}  // namespace lessonsim
