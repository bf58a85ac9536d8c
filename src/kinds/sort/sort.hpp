// The `sort` machine: AI jobs placed into a hyperscale datacenter or a decentralized GPU
// network, each misplacement named by what the job needs (synchronisation, VRAM, bandwidth,
// latency) or what it wastes (datacenter prices for independent pieces).
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "lessonsim/machine.hpp"

namespace lessonsim {

const MachineSpec& sort_machine_spec();

enum class Bin { none = -1, datacenter = 0, network = 1 };

// Why a job belongs where it does: what breaks if it is placed in the other bin.
enum class SortReason { sync, vram, bandwidth, latency, cost };

// A workload to place; its words are the catalog's `machine.sort.item.<id>`.
struct SortItem {
  std::string_view id;
  Bin belongs;
  SortReason reason;
};

inline constexpr std::size_t sort_item_count = 9;
const std::array<SortItem, sort_item_count>& sort_items();

// How the jobs are placed right now.
struct SortCounts {
  double placed = 0;
  double correct = 0;
  double in_datacenter = 0;
  double in_network = 0;
  std::array<double, 5> wrong{};  // misplaced jobs by SortReason
};

// The figures the feedback quotes, from the calculator and the lesson's hardware catalog.
// Without a catalog the links and the consumer card read as 0 rather than as invented numbers.
struct SortFigures {
  double consumer_gb = 0;
  double finetune_gb = 0;
  double gradient_home_s = 0;
  double gradient_nvlink_s = 0;
  double home_latency_ms = 0;
};
SortFigures sort_figures(const Catalog* catalog);

class SortMachine final : public Machine {
 public:
  explicit SortMachine(const MachineContext& context)
      : figures_(sort_figures(context.hardware.get())) {
    apply_defaults();
  }
  const MachineSpec& spec() const override { return sort_machine_spec(); }
  std::unique_ptr<Machine> clone() const override { return std::make_unique<SortMachine>(*this); }
  static MachineSpec kind_table();
  std::string broken_invariant() const override;

  Bin placed(std::size_t item) const { return placement_[item]; }

 private:
  Outcome place(const Action& action, Bin bin);
  std::string set_placement(const nlohmann::json& value);
  SortCounts counts() const;

  std::array<Bin, sort_item_count> placement_{};
  SortFigures figures_;
};

}  // namespace lessonsim
