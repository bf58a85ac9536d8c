// The `sort` machine: AI jobs placed into a hyperscale datacenter or a decentralized GPU
// network, each misplacement named by what the job needs (synchronisation, VRAM, bandwidth,
// latency) or what it wastes (datacenter prices for independent pieces).
#pragma once

#include <array>
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

class SortMachine final : public Machine {
 public:
  SortMachine() { placement_.fill(Bin::none); }
  const MachineSpec& spec() const override { return sort_machine_spec(); }
  std::unique_ptr<Machine> clone() const override { return std::make_unique<SortMachine>(*this); }
  std::string set(std::string_view name, const nlohmann::json& value) override;
  nlohmann::json settings() const override;
  Outcome apply(const Action& action) override;
  void values(std::vector<double>& out) const override;
  std::string broken_invariant() const override;

  Bin placed(std::size_t item) const { return placement_[item]; }

 private:
  Outcome place(const Action& action, Bin bin);

  std::array<Bin, sort_item_count> placement_{};
};

}  // namespace lessonsim
