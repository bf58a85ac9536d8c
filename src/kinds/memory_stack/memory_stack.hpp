// The `memory-stack` machine: one training GPU's memory stacked as weights, gradients, optimizer
// state and activations against its memory line, as precision, optimizer, ZeRO and GPUs change.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "lessonsim/calc/memory_plan.hpp"
#include "lessonsim/machine.hpp"

namespace lessonsim {

const MachineSpec& memory_stack_machine_spec();

class MemoryStackMachine final : public Machine {
 public:
  MemoryStackMachine() { apply_defaults(); }
  const MachineSpec& spec() const override { return memory_stack_machine_spec(); }
  std::unique_ptr<Machine> clone() const override {
    return std::make_unique<MemoryStackMachine>(*this);
  }
  std::string check() const override;
  std::string broken_invariant() const override;
  static MachineSpec kind_table();

  // The calculator's question for `gpus` data-parallel GPUs at ZeRO `stage` (the machine's own
  // precision, optimizer and activations).
  calc::MemoryQuery query(std::int64_t gpus, int stage) const;
  // The plan for the machine as it stands; every part is zero when the calculator refuses.
  calc::MemoryPlan plan() const;
  // The fewest GPUs, up to max_gpus, whose fullest GPU fits at `stage`; 0 when none does.
  std::int64_t fewest_gpus(int stage) const;
  calc::Bytes gpu_bytes() const { return gpu_bytes_; }
  std::int64_t gpus() const { return gpus_; }
  int zero() const { return zero_; }
  calc::Precision precision() const { return precision_; }
  calc::Optimizer optimizer() const { return optimizer_; }

 private:
  static std::vector<VariableInfo> variable_table();
  void settings_changed() override { fewest_cache_ = blank_fewest(); }
  Outcome next_precision();
  Outcome set_gpus(std::int64_t n);
  std::int64_t search_fewest_gpus(int stage) const;
  Outcome set_zero(std::int64_t stage);
  Outcome set_precision(const std::string& name);
  Outcome set_optimizer(const std::string& name);

  // Every field starts at its table default (MachineSpec::create).
  std::int64_t params_ = 0;
  calc::Bytes gpu_bytes_ = 0;
  calc::Precision precision_ = calc::Precision::bf16;
  calc::Optimizer optimizer_ = calc::Optimizer::adam;
  int zero_ = 0;
  std::int64_t gpus_ = 0;
  std::int64_t max_gpus_ = 0;
  bool activations_ = false;
  calc::ModelShape shape_{};
  calc::Recompute recompute_ = calc::Recompute::full;

  // fewest_gpus() by precision, optimizer and stage (-1: not yet known). The other settings it
  // depends on change only through set(), which clears it; the lint and random play ask for
  // it in every state they visit.
  static constexpr std::size_t fewest_slots = 6 * 3 * 4;
  mutable std::array<std::int64_t, fewest_slots> fewest_cache_ = blank_fewest();
  static constexpr std::array<std::int64_t, fewest_slots> blank_fewest() {
    std::array<std::int64_t, fewest_slots> a{};
    a.fill(-1);
    return a;
  }
  // The last plan() and the query it answered: every variable reads the plan, so one state's
  // values cost one plan_memory, not fifteen.
  mutable std::optional<std::pair<calc::MemoryQuery, calc::MemoryPlan>> last_plan_;
};

}  // namespace lessonsim
