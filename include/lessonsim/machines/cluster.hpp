// The `cluster` machine: GPUs × sustained FLOP/s × days against the compute a model needs, and
// the work that failures throw away between checkpoints.
#pragma once

#include <cstdint>

#include "lessonsim/calc/checkpoint.hpp"
#include "lessonsim/calc/train_time.hpp"
#include "lessonsim/machine.hpp"

namespace lessonsim {

const MachineSpec& cluster_machine_spec();

class ClusterMachine final : public Machine {
 public:
  const MachineSpec& spec() const override { return cluster_machine_spec(); }
  std::unique_ptr<Machine> clone() const override {
    return std::make_unique<ClusterMachine>(*this);
  }
  std::string set(std::string_view name, const nlohmann::json& value) override;
  std::string check() const override;
  nlohmann::json settings() const override;
  Outcome apply(const Action& action) override;
  void values(std::vector<double>& out) const override;
  std::string broken_invariant() const override;

  std::int64_t gpus() const { return gpus_; }
  double tflops() const { return tflops_; }
  calc::TrainTime time() const;
  calc::CheckpointCost failures() const;

 private:
  Outcome set_gpus(std::int64_t n);
  Outcome set_tflops(std::int64_t n);
  Outcome set_interval(std::int64_t minutes);

  std::int64_t params_ = 175'000'000'000;
  std::int64_t tokens_ = 300'000'000'000;
  std::int64_t gpus_ = 1024;
  double tflops_ = 140;
  bool recompute_ = true;
  double deadline_days_ = 35;
  double gpu_hours_per_failure_ = 50'000;
  std::int64_t checkpoint_minutes_ = 24 * 60;
  double write_minutes_ = 6;
  std::int64_t max_gpus_ = 16384;
};

}  // namespace lessonsim
