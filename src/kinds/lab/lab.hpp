// The `lab` machine, the course's boss lab: a brief drawn from a seed (model, tokens, deadline,
// power cap, budget, hall space) and a cluster plan the learner chooses (GPU type, count, ZeRO
// stage, GPUs per rack, cooling), every constraint checked by the calculator.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "lessonsim/machine.hpp"

namespace lessonsim {

const MachineSpec& lab_machine_spec();

// A GPU the lab offers: a catalog chip with a BF16 peak and a power figure, and the rental
// price the lab assumes for it (round figures, not quotes).
struct LabGpu {
  std::string id;
  std::string name;
  double memory_gb = 0;
  double peak_tflops = 0;
  double watts = 0;
  double usd_per_gpu_hour = 0;
};

struct LabBrief {
  std::int64_t params = 0;
  std::int64_t tokens = 0;
  double deadline_days = 0;
  double power_cap_kw = 0;
  double budget_usd = 0;
  std::int64_t max_racks = 0;
};

// The lab's rules of thumb, stated in the lesson as round figures.
inline constexpr double lab_utilization = 0.4;     // sustained share of the BF16 peak
inline constexpr double lab_air_rack_kw = 40;      // what air cooling removes from one rack
inline constexpr double lab_liquid_rack_kw = 120;  // liquid: an NVL72-class rack
inline constexpr std::int64_t lab_max_per_rack = 72;

// The brief for `seed`: built around a plan that meets it (H100s, ZeRO-3, dense racks) with
// 20-25% to spare, so every seed can be solved. Deterministic on every platform.
LabBrief lab_brief(std::uint64_t seed);

// The plan the learner has chosen, worked out against the brief; all zero without a GPU.
struct LabPlan {
  double racks = 0;
  double rack_kw = 0;
  double cooling_kw = 0;
  double memory_per_gpu_gb = 0;
  double train_days = 0;
  double min_gpus = 0;
  double power_kw = 0;
  double cost_usd = 0;
  // memory, deadline, power, budget, cooling, space: each met, and its margin.
  std::array<bool, 6> checks{};
  std::array<double, 6> margins{};
  double unmet = 0;
};

class LabMachine final : public Machine {
 public:
  explicit LabMachine(const MachineContext& context);
  const MachineSpec& spec() const override { return lab_machine_spec(); }
  std::unique_ptr<Machine> clone() const override { return std::make_unique<LabMachine>(*this); }
  std::string check() const override;
  static MachineSpec kind_table();
  std::string broken_invariant() const override;

  const LabBrief& brief() const { return brief_; }
  const std::vector<LabGpu>& gpu_choices() const { return gpus_offered_; }
  const LabGpu* gpu() const;
  LabPlan plan() const;

 private:
  Outcome set_gpus(std::int64_t n);
  Outcome select(std::string_view id);
  void offer_gpus(const Catalog* catalog);
  Outcome next_gpu();
  Outcome set_zero(std::int64_t n);
  Outcome set_per_rack(std::int64_t n);
  Outcome set_liquid(bool on);
  // A variable's value, or 0 when the catalog offers no GPU (the machine cannot be judged).
  double valid(double v) const { return gpu() ? v : 0.0; }

  std::uint64_t seed_ = 0;
  LabBrief brief_;
  std::vector<LabGpu> gpus_offered_;
  std::size_t gpu_index_ = 0;
  std::string catalog_error_;
  std::int64_t gpus_ = 0;
  int zero_ = 0;
  std::int64_t per_rack_ = 0;
  bool liquid_ = false;
  std::int64_t max_gpus_ = 0;
};

}  // namespace lessonsim
