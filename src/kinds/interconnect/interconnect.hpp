// The `interconnect` machine: a training step as a timeline, the math then the gradient exchange
// over a chosen link, for a number of GPUs; and what a crash costs with or without checkpoints.
#pragma once

#include <cstdint>
#include <string>

#include "lessonsim/calc/crash_loss.hpp"
#include "lessonsim/calc/exchange.hpp"
#include "lessonsim/catalog.hpp"
#include "lessonsim/machine.hpp"

namespace lessonsim {

const MachineSpec& interconnect_machine_spec();

// A link's bandwidth as the learner reads it: GB/s, or MB/s below 1 GB/s, so home internet's
// 0.0125 GB/s keeps its figure ("12.5 MB/s") instead of rounding to "0.01 GB/s".
Message link_speed(double gb_per_s);

// A link's latency per message in the unit that reads best: µs below 1 ms, ms below 1 s, else s,
// so home internet's 20,000 µs reads "20 ms".
Message link_latency(double us);

class InterconnectMachine final : public Machine {
 public:
  explicit InterconnectMachine(const MachineContext& context);
  const MachineSpec& spec() const override { return interconnect_machine_spec(); }
  std::unique_ptr<Machine> clone() const override {
    return std::make_unique<InterconnectMachine>(*this);
  }
  std::string check() const override;
  static MachineSpec kind_table();
  std::string broken_invariant() const override;

  calc::StepQuery query() const;
  // The step's timeline; all zero when the calculator refuses the settings.
  calc::StepTime step() const;
  calc::LostWork lost() const;
  const LinkSpec& link() const { return link_; }
  // The links and GPUs the machine offers: the lesson's catalog, or null without one.
  const Catalog* catalog() const { return hardware_.get(); }
  std::int64_t gpus() const { return gpus_; }
  double checkpoint_hours() const { return checkpoint_h_; }  // 0: none

 private:
  Outcome set_gpus(std::int64_t n);
  Outcome set_link(const std::string& id);
  Outcome set_checkpoint(double hours);
  Outcome next_link();
  Outcome checkpoint_more();
  Outcome checkpoint_less();
  std::string select_gpu(const std::string& id);
  std::string select_link(const std::string& id);

  std::shared_ptr<const Catalog> hardware_;  // shared by every clone
  std::int64_t params_ = 0;
  std::int64_t tokens_per_step_ = 0;
  GpuSpec gpu_;
  double utilization_ = 0;
  LinkSpec link_;
  std::int64_t gpus_ = 0;
  std::int64_t max_gpus_ = 0;
  double hours_run_ = 0;
  double checkpoint_h_ = 0;
};

}  // namespace lessonsim
