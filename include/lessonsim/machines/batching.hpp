// The `batching` machine: requests decoded together on GPUs that serve one model; each step
// reads every weight and every request's KV cache once, so the batch shares the weight read.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "lessonsim/calc/kv_cache.hpp"
#include "lessonsim/calc/serving.hpp"
#include "lessonsim/machine.hpp"

namespace lessonsim {

const MachineSpec& batching_machine_spec();

class BatchingMachine final : public Machine {
 public:
  BatchingMachine();
  const MachineSpec& spec() const override { return batching_machine_spec(); }
  std::unique_ptr<Machine> clone() const override {
    return std::make_unique<BatchingMachine>(*this);
  }
  std::string set(std::string_view name, const nlohmann::json& value) override;
  std::string check() const override;
  nlohmann::json settings() const override;
  Outcome apply(const Action& action) override;
  void values(std::vector<double>& out) const override;
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

  // best() searches every setup; it depends on every setting but gpus and batch, which are the
  // ones the learner moves, so it is kept until set() changes one of the others.
  mutable std::optional<Best> best_cache_;

  std::string gpu_ = "h100-sxm";
  double gpu_memory_gb_ = 0;
  double bandwidth_tbps_ = 0;
  double peak_tflops_ = 0;
  std::string catalog_error_;
  std::int64_t params_ = 70'000'000'000;
  calc::KvShape kv_{80, 8, 128, 4096, 1, 4};
  std::int64_t gpus_ = 2;
  std::int64_t batch_ = 1;
  std::int64_t max_gpus_ = 8;
  std::int64_t max_batch_ = 512;
  double usd_per_gpu_hour_ = 2;
  double target_ms_ = 30;
};

}  // namespace lessonsim
