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
  using table::read;
  auto gb = [](calc::Bytes b) { return calc::bytes_to_gb(b); };
  auto total = [](const M& m) { return m.plan().per_gpu.total(); };
  auto cross = [](const M& m) { return crossing_part(m.plan().per_gpu, m.gpu_bytes_); };
  auto train = [](const M& m) {
    const calc::MemoryPlan p = m.plan();
    return p.one_copy.weights + p.one_copy.gradients + p.one_copy.optimizer;
  };
  auto weight_bytes = [](const M& m) { return calc::bits_per_param(m.precision_) / 8; };
  auto crossing = [cross](const char* name, int part, const char* what) {
    return VariableInfo{name, ValueType::boolean, what,
                        read<M>([cross, part](const M& m) { return cross(m) == part; })};
  };
  return {
      {"params_b", ValueType::number, "the model's parameters, in billions",
       read<M>([](const M& m) { return static_cast<double>(m.params_) / 1e9; })},
      {"gpu_memory_gb", ValueType::number, "each GPU's memory in GB",
       read<M>([gb](const M& m) { return gb(m.gpu_bytes_); })},
      {"gpus", ValueType::number, "how many data-parallel GPUs there are",
       read<M>([](const M& m) { return m.gpus_; })},
      {"zero", ValueType::number, "the ZeRO stage, 0 to 3",
       read<M>([](const M& m) { return m.zero_; })},
      {"precision_bits", ValueType::number, "bits per weight: 32, 16 or 8",
       read<M>([](const M& m) { return calc::bits_per_param(m.precision_); })},
      {"adam", ValueType::boolean, "the optimizer is Adam (else SGD with momentum)",
       read<M>([](const M& m) { return m.optimizer_ == calc::Optimizer::adam; })},
      {"weights_gb", ValueType::number, "weights on the fullest GPU, GB",
       read<M>([gb](const M& m) { return gb(m.plan().per_gpu.weights); })},
      {"gradients_gb", ValueType::number, "gradients on the fullest GPU, GB",
       read<M>([gb](const M& m) { return gb(m.plan().per_gpu.gradients); })},
      {"optimizer_gb", ValueType::number, "optimizer state on the fullest GPU, GB",
       read<M>([gb](const M& m) { return gb(m.plan().per_gpu.optimizer); })},
      {"activations_gb", ValueType::number, "activations on the fullest GPU, GB (0 when off)",
       read<M>([gb](const M& m) { return gb(m.plan().per_gpu.activations); })},
      {"total_gb", ValueType::number, "everything on the fullest GPU, GB",
       read<M>([gb, total](const M& m) { return gb(total(m)); })},
      {"overflow_gb", ValueType::number, "how far the fullest GPU is over its memory, else 0",
       read<M>([gb, total](const M& m) {
         return gb(std::max<calc::Bytes>(0, total(m) - m.gpu_bytes_));
       })},
      {"free_gb", ValueType::number, "memory left on the fullest GPU, else 0",
       read<M>([gb, total](const M& m) {
         return gb(std::max<calc::Bytes>(0, m.gpu_bytes_ - total(m)));
       })},
      {"fits", ValueType::boolean, "the fullest GPU holds its whole stack",
       read<M>([total](const M& m) { return total(m) <= m.gpu_bytes_; })},
      crossing("weights_cross", 0, "the memory line falls inside the weights"),
      crossing("gradients_cross", 1, "the memory line falls inside the gradients"),
      crossing("optimizer_cross", 2, "the memory line falls inside the optimizer state"),
      crossing("activations_cross", 3, "the memory line falls inside the activations"),
      {"min_gpus", ValueType::number,
       "the fewest GPUs that fit at this ZeRO stage (0: none up to max_gpus)",
       read<M>([](const M& m) { return m.fewest_gpus(m.zero_); })},
      {"best_gpus", ValueType::number,
       "the fewest GPUs that fit at ZeRO stage 3 (0: none up to max_gpus)",
       read<M>([](const M& m) { return m.fewest_gpus(3); })},
      {"serve_gb", ValueType::number, "one serving copy: the weights alone, GB",
       read<M>(
           [gb](const M& m) { return gb(calc::serving_states(m.params_, m.precision_).weights); })},
      {"train_gb", ValueType::number,
       "one training copy before any split: weights + gradients + optimizer, GB",
       read<M>([gb, train](const M& m) { return gb(train(m)); })},
      {"train_tb", ValueType::number, "the same in TB (1,000 GB)",
       read<M>([gb, train](const M& m) { return gb(train(m)) / 1000; })},
      {"serve_bytes_per_param", ValueType::number, "bytes per parameter to serve",
       read<M>(weight_bytes)},
      {"train_bytes_per_param", ValueType::number, "bytes per parameter to train",
       read<M>([weight_bytes](const M& m) {
         const calc::TrainingSetup setup{m.precision_, m.optimizer_, false};
         return weight_bytes(m) + calc::gradient_bytes_per_param(setup) +
                calc::optimizer_bytes_per_param(setup);
       })},
      {"max_gpus", ValueType::number, "the most GPUs the learner may use",
       read<M>([](const M& m) { return m.max_gpus_; })},
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
