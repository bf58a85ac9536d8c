#include "lessonsim/machines/sort.hpp"

#include "lessonsim/calc/fit.hpp"
#include "lessonsim/calc/model_state.hpp"
#include "lessonsim/calc/transfer.hpp"
#include "machines/shipped_catalog.hpp"

namespace lessonsim {

namespace {

std::unique_ptr<Machine> create_sort() {
  return std::make_unique<SortMachine>();
}

// The figures the feedback quotes, from the calculator and the catalog. Without a catalog the
// links and the consumer card read as 0 rather than as invented numbers.
struct SortFigures {
  double consumer_gb = 0;
  double finetune_gb = 0;
  double gradient_home_s = 0;
  double gradient_nvlink_s = 0;
  double home_latency_ms = 0;
};

const SortFigures& figures() {
  static const SortFigures f = [] {
    SortFigures out;
    // Fine-tuning a 70B model: its BF16 weights alone; a 7B model's BF16 gradients: 14 GB.
    out.finetune_gb = calc::bytes_to_gb(calc::weight_bytes(70'000'000'000, calc::Precision::bf16));
    const calc::Bytes gradients = calc::weight_bytes(7'000'000'000, calc::Precision::bf16);
    if (const Catalog* c = machines::shipped_catalog()) {
      if (const GpuSpec* g = c->gpu("consumer-24")) out.consumer_gb = g->memory_gb;
      if (const LinkSpec* home = c->link("home-internet")) {
        out.gradient_home_s = calc::transfer_seconds(gradients, home->gb_per_s, home->latency_us);
        out.home_latency_ms = home->latency_us / 1000.0;
      }
      if (const LinkSpec* nv = c->link("nvlink-h100")) {
        out.gradient_nvlink_s = calc::transfer_seconds(gradients, nv->gb_per_s, nv->latency_us);
      }
    }
    return out;
  }();
  return f;
}

}  // namespace

const std::array<SortItem, sort_item_count>& sort_items() {
  static const std::array<SortItem, sort_item_count> items = {{
      {"frontier-training", Bin::datacenter, SortReason::sync},
      {"finetune-70b", Bin::datacenter, SortReason::vram},
      {"chatbot", Bin::datacenter, SortReason::latency},
      {"train-7b", Bin::datacenter, SortReason::bandwidth},
      {"image-batch", Bin::network, SortReason::cost},
      {"data-cleaning", Bin::network, SortReason::cost},
      {"3d-reconstruction", Bin::network, SortReason::cost},
      {"data-collection", Bin::network, SortReason::cost},
      {"small-model-batch", Bin::network, SortReason::cost},
  }};
  return items;
}

const MachineSpec& sort_machine_spec() {
  static const MachineSpec spec{
      "sort",
      "Nine AI jobs (0-8) placed into a hyperscale datacenter or a decentralized GPU network.",
      {
          {"placement", "an array of 9: -1 not placed, 0 datacenter, 1 decentralized network"},
      },
      {
          {"items", ValueType::number, "how many jobs there are"},
          {"placed", ValueType::number, "jobs placed in a bin"},
          {"unplaced", ValueType::number, "jobs not placed yet"},
          {"correct", ValueType::number, "jobs in the bin they belong to"},
          {"misplaced", ValueType::number, "jobs in the wrong bin"},
          {"all_placed", ValueType::boolean, "every job is in a bin"},
          {"all_correct", ValueType::boolean, "every job is in the bin it belongs to"},
          {"misplaced_sync", ValueType::number, "lockstep training sent to the network"},
          {"misplaced_vram", ValueType::number, "jobs too big for consumer VRAM in the network"},
          {"misplaced_bandwidth", ValueType::number, "bandwidth-hungry training in the network"},
          {"misplaced_latency", ValueType::number, "latency-critical serving in the network"},
          {"misplaced_cost", ValueType::number, "independent pieces paying datacenter prices"},
          {"in_datacenter", ValueType::number, "jobs placed in the datacenter"},
          {"in_network", ValueType::number, "jobs placed in the network"},
          {"consumer_gb", ValueType::number, "a consumer card's memory (catalog), GB"},
          {"finetune_gb", ValueType::number, "a 70B model's BF16 weights, GB"},
          {"gradient_home_s", ValueType::number, "seconds to send 14 GB over home internet"},
          {"gradient_nvlink_s", ValueType::number, "seconds to send 14 GB over NVLink"},
          {"home_latency_ms", ValueType::number, "a home connection's latency, ms"},
      },
      {
          {"to_datacenter", {{"n", ActionParam::Kind::integer}}, "job n into the datacenter"},
          {"to_network", {{"n", ActionParam::Kind::integer}}, "job n into the network"},
          {"unplace", {{"n", ActionParam::Kind::integer}}, "job n back out of its bin"},
      },
      &create_sort,
  };
  return spec;
}

std::string SortMachine::set(std::string_view name, const nlohmann::json& value) {
  if (name != "placement") return "is not a setting of the sort machine";
  if (!value.is_array() || value.size() != sort_item_count) {
    return "must be an array of " + std::to_string(sort_item_count) + " numbers";
  }
  std::array<Bin, sort_item_count> next{};
  for (std::size_t k = 0; k < sort_item_count; ++k) {
    if (!value[k].is_number_integer() || value[k].get<std::int64_t>() < -1 ||
        value[k].get<std::int64_t>() > 1) {
      return "holds -1 (not placed), 0 (datacenter) or 1 (network) for each job";
    }
    next[k] = static_cast<Bin>(value[k].get<int>());
  }
  placement_ = next;
  return {};
}

nlohmann::json SortMachine::settings() const {
  nlohmann::json p = nlohmann::json::array();
  for (Bin b : placement_)
    p.push_back(static_cast<int>(b));
  return {{"placement", p}};
}

Outcome SortMachine::place(const Action& action, Bin bin) {
  auto i = action.integer("n");
  if (!i) return Outcome::refuse("machine.sort.the_job_number_n_is");
  if (*i < 0 || *i >= static_cast<std::int64_t>(sort_item_count)) {
    return Outcome::refuse("machine.sort.the_jobs_are_numbered_0");
  }
  Bin& slot = placement_[static_cast<std::size_t>(*i)];
  if (slot == bin) {
    return bin == Bin::none ? Outcome::refuse("machine.sort.that_job_isn_t_placed")
                            : Outcome::refuse("machine.sort.that_job_is_already_there");
  }
  slot = bin;
  return Outcome::done();
}

Outcome SortMachine::apply(const Action& action) {
  if (action.op == "to_datacenter") return place(action, Bin::datacenter);
  if (action.op == "to_network") return place(action, Bin::network);
  if (action.op == "unplace") return place(action, Bin::none);
  return Outcome::refuse(Message("machine.no_action").text("op", action.op));
}

void SortMachine::values(std::vector<double>& out) const {
  double placed = 0, correct = 0, in_dc = 0, in_net = 0;
  std::array<double, 5> wrong{};
  for (std::size_t k = 0; k < sort_item_count; ++k) {
    const Bin b = placement_[k];
    if (b == Bin::none) continue;
    ++placed;
    (b == Bin::datacenter ? in_dc : in_net) += 1;
    if (b == sort_items()[k].belongs) {
      ++correct;
    } else {
      ++wrong[static_cast<std::size_t>(sort_items()[k].reason)];
    }
  }
  const double items = static_cast<double>(sort_item_count);
  const SortFigures& f = figures();
  out = {items,
         placed,
         items - placed,
         correct,
         placed - correct,
         placed == items ? 1.0 : 0.0,
         correct == items ? 1.0 : 0.0,
         wrong[0],
         wrong[1],
         wrong[2],
         wrong[3],
         wrong[4],
         in_dc,
         in_net,
         f.consumer_gb,
         f.finetune_gb,
         f.gradient_home_s,
         f.gradient_nvlink_s,
         f.home_latency_ms};
}

std::string SortMachine::broken_invariant() const {
  std::vector<double> v;
  values(v);
  if (v[1] + v[2] != v[0]) return "placed + unplaced is not every job";
  if (v[3] + v[4] != v[1]) return "correct + misplaced is not every placed job";
  if (v[7] + v[8] + v[9] + v[10] + v[11] != v[4]) return "the reasons do not add up to misplaced";
  if (v[12] + v[13] != v[1]) return "the bins do not hold every placed job";
  if ((v[6] != 0) != (v[3] == v[0])) return "all_correct disagrees with correct";
  return {};
}

}  // namespace lessonsim
