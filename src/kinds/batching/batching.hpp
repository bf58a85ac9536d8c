// The `batching` machine: requests decoded together on GPUs that serve one model; each step
// reads every weight and every request's KV cache once, so the batch shares the weight read.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "lessonsim/calc/kv_cache.hpp"
#include "lessonsim/calc/serving.hpp"
#include "lessonsim/catalog.hpp"
#include "lessonsim/machine.hpp"

namespace lessonsim {

const MachineSpec& batching_machine_spec();

class BatchingMachine final : public Machine {
 public:
  explicit BatchingMachine(const MachineContext& context);
  const MachineSpec& spec() const override { return batching_machine_spec(); }
  std::unique_ptr<Machine> clone() const override {
    return std::make_unique<BatchingMachine>(*this);
  }
  std::string check() const override;
  static MachineSpec kind_table();
  std::string broken_invariant() const override;

  // The cheapest setup within max_gpus and max_batch that fits and meets the target; gpus 0
  // when none does. For a given GPU count the cost per token only falls as the batch grows and
  // the step only lengthens, so the largest batch meeting the target is that count's best.
  struct Best {
    std::int64_t gpus = 0;
    std::int64_t batch = 0;
    double usd_per_million = 0;
  };
  Best best() const;

  std::int64_t gpus() const { return gpus_; }
  std::int64_t batch() const { return batch_; }
  calc::Bytes weight_bytes() const;
  calc::Bytes kv_bytes_per_request() const;
  calc::Bytes memory_bytes(std::int64_t gpus) const;
  std::int64_t max_batch_that_fits(std::int64_t gpus) const;
  calc::DecodeStep step(std::int64_t gpus, std::int64_t batch) const;

 private:
  Outcome set_gpus(std::int64_t n);
  Outcome set_batch(std::int64_t n);
  std::string select_gpu(const std::string& id);
  std::string gpu_problem(const std::string& id);
  void settings_changed() override { best_cache_.reset(); }
  const Best& cached_best() const;
  calc::Bytes kv_bytes() const;
  calc::Bytes used_bytes() const;
  bool fits() const;
  double step_ms() const;
  bool meets() const;
  double cost(std::int64_t batch) const;

  // best() searches every setup; it depends on every setting but gpus and batch, which are the
  // ones the learner moves, so it is kept until set() changes one of the others.
  mutable std::optional<Best> best_cache_;

  std::shared_ptr<const Catalog> hardware_;  // shared by every clone
  std::string gpu_;
  double gpu_memory_gb_ = 0;
  double bandwidth_tbps_ = 0;
  double peak_tflops_ = 0;
  std::string catalog_error_;
  std::int64_t params_ = 0;
  calc::KvShape kv_{};  // every field a setting but the batch (1) and bf16 (4)
  std::int64_t gpus_ = 0;
  std::int64_t batch_ = 0;
  std::int64_t max_gpus_ = 0;
  std::int64_t max_batch_ = 0;
  double usd_per_gpu_hour_ = 0;
  double target_ms_ = 0;
};

}  // namespace lessonsim
