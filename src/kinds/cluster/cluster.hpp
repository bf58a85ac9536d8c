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
  ClusterMachine() { apply_defaults(); }
  const MachineSpec& spec() const override { return cluster_machine_spec(); }
  std::unique_ptr<Machine> clone() const override {
    return std::make_unique<ClusterMachine>(*this);
  }
  std::string check() const override;
  static MachineSpec kind_table();
  std::string broken_invariant() const override;

  std::int64_t gpus() const { return gpus_; }
  double tflops() const { return tflops_; }
  calc::TrainTime time() const;
  calc::CheckpointCost failures() const;

 private:
  Outcome set_gpus(std::int64_t n);
  Outcome set_tflops(std::int64_t n);
  Outcome set_interval(std::int64_t minutes);
  Outcome set_recompute(bool on);
  bool half_meets() const;
  double best_interval_hours() const;

  std::int64_t params_ = 0;
  std::int64_t tokens_ = 0;
  std::int64_t gpus_ = 0;
  double tflops_ = 0;
  bool recompute_ = false;
  double deadline_days_ = 0;
  double gpu_hours_per_failure_ = 0;
  std::int64_t checkpoint_minutes_ = 0;
  double write_minutes_ = 0;
  std::int64_t max_gpus_ = 0;
};

}  // namespace lessonsim
