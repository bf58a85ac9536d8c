// The memory-stack machine's variables and the laws random play checks.
#include <algorithm>

#include "lessonsim/calc/error.hpp"
#include "lessonsim/machines/memory_stack.hpp"

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

void MemoryStackMachine::values(std::vector<double>& out) const {
  const calc::MemoryPlan p = plan();
  const calc::Bytes total = p.per_gpu.total();
  const int cross = crossing_part(p.per_gpu, gpu_bytes_);
  const calc::Bytes serve = calc::serving_states(params_, precision_).weights;
  const calc::Bytes train = p.one_copy.weights + p.one_copy.gradients + p.one_copy.optimizer;
  const calc::TrainingSetup setup{precision_, optimizer_, false};
  const int weight_bytes = calc::bits_per_param(precision_) / 8;
  auto gb = [](calc::Bytes b) { return calc::bytes_to_gb(b); };
  out = {
      static_cast<double>(params_) / 1e9,
      gb(gpu_bytes_),
      static_cast<double>(gpus_),
      static_cast<double>(zero_),
      static_cast<double>(calc::bits_per_param(precision_)),
      optimizer_ == calc::Optimizer::adam ? 1.0 : 0.0,
      gb(p.per_gpu.weights),
      gb(p.per_gpu.gradients),
      gb(p.per_gpu.optimizer),
      gb(p.per_gpu.activations),
      gb(total),
      gb(std::max<calc::Bytes>(0, total - gpu_bytes_)),
      gb(std::max<calc::Bytes>(0, gpu_bytes_ - total)),
      total <= gpu_bytes_ ? 1.0 : 0.0,
      cross == 0 ? 1.0 : 0.0,
      cross == 1 ? 1.0 : 0.0,
      cross == 2 ? 1.0 : 0.0,
      cross == 3 ? 1.0 : 0.0,
      static_cast<double>(fewest_gpus(zero_)),
      static_cast<double>(fewest_gpus(3)),
      gb(serve),
      gb(train),
      gb(train) / 1000,
      static_cast<double>(weight_bytes),
      static_cast<double>(weight_bytes + calc::gradient_bytes_per_param(setup) +
                          calc::optimizer_bytes_per_param(setup)),
      static_cast<double>(max_gpus_),
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
  std::vector<double> v;
  values(v);
  const bool fits = v[13] != 0;
  if (fits != (p.per_gpu.total() <= gpu_bytes_)) return "fits disagrees with the stack";
  const double crossings = v[14] + v[15] + v[16] + v[17];
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
