#include "sort.hpp"

#include "lessonsim/calc/fit.hpp"
#include "lessonsim/calc/model_state.hpp"
#include "lessonsim/calc/transfer.hpp"
#include "lessonsim/catalog.hpp"
#include "lessonsim/machine_table.hpp"
#include "picture_parts.hpp"

namespace lessonsim {

SortFigures sort_figures(const Catalog* c) {
  SortFigures out;
  // Fine-tuning a 70B model: its BF16 weights alone; a 7B model's BF16 gradients: 14 GB.
  out.finetune_gb = calc::bytes_to_gb(calc::weight_bytes(70'000'000'000, calc::Precision::bf16));
  const calc::Bytes gradients = calc::weight_bytes(7'000'000'000, calc::Precision::bf16);
  if (!c) return out;
  if (const GpuSpec* g = c->gpu("consumer-24")) out.consumer_gb = g->memory_gb;
  if (const LinkSpec* home = c->link("home-internet")) {
    out.gradient_home_s = calc::transfer_seconds(gradients, home->gb_per_s, home->latency_us);
    out.home_latency_ms = home->latency_us / 1000.0;
  }
  if (const LinkSpec* nv = c->link("nvlink-h100")) {
    out.gradient_nvlink_s = calc::transfer_seconds(gradients, nv->gb_per_s, nv->latency_us);
  }
  return out;
}

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
  static const MachineSpec spec = with_picture(SortMachine::kind_table(), sort_picture_parts());
  return spec;
}

MachineSpec SortMachine::kind_table() {
  using M = SortMachine;
  using namespace table;
  auto count = [](const char* name, const char* unit, const char* what, double SortCounts::*f) {
    return table::number<M>(name, unit, what, [f](const M& m) { return m.counts().*f; });
  };
  auto figure = [](const char* name, const char* unit, const char* what, double SortFigures::*f) {
    return table::number<M>(name, unit, what, [f](const M& m) { return m.figures_.*f; });
  };
  auto wrong = [](const char* name, const char* unit, const char* what, SortReason r) {
    return table::number<M>(name, unit, what, [r](const M& m) {
      return m.counts().wrong[static_cast<std::size_t>(r)];
    });
  };
  const double items = static_cast<double>(sort_item_count);
  return {
      "sort",
      "Nine AI jobs (0-8) placed into a hyperscale datacenter or a decentralized GPU network.",
      {
          {"placement",
           SettingType::structured,
           {},
           {},
           std::vector<int>(sort_item_count, -1),
           "",
           "an array of 9: -1 not placed, 0 datacenter, 1 decentralized network",
           store<M>([](M& m, nlohmann::json v) { return m.set_placement(v); }),
           load<M>([](const M& m) {
             nlohmann::json p = nlohmann::json::array();
             for (Bin b : m.placement_)
               p.push_back(static_cast<int>(b));
             return p;
           }),
           {{"type", "array"},
            {"minItems", sort_item_count},
            {"maxItems", sort_item_count},
            {"items", {{"type", "integer"}, {"minimum", -1}, {"maximum", 1}}}}},
      },
      {
          number<M>("items", "", "how many jobs there are", [items](const M&) { return items; }),
          count("placed", "", "jobs placed in a bin", &SortCounts::placed),
          number<M>("unplaced", "", "jobs not placed yet",
                    [items](const M& m) { return items - m.counts().placed; }),
          count("correct", "", "jobs in the bin they belong to", &SortCounts::correct),
          number<M>("misplaced", "", "jobs in the wrong bin",
                    [](const M& m) {
                      const SortCounts c = m.counts();
                      return c.placed - c.correct;
                    }),
          boolean<M>("all_placed", "every job is in a bin",
                     [items](const M& m) { return m.counts().placed == items; }),
          boolean<M>("all_correct", "every job is in the bin it belongs to",
                     [items](const M& m) { return m.counts().correct == items; }),
          wrong("misplaced_sync", "", "lockstep training sent to the network", SortReason::sync),
          wrong("misplaced_vram", "", "jobs too big for consumer VRAM in the network",
                SortReason::vram),
          wrong("misplaced_bandwidth", "", "bandwidth-hungry training in the network",
                SortReason::bandwidth),
          wrong("misplaced_latency", "", "latency-critical serving in the network",
                SortReason::latency),
          wrong("misplaced_cost", "", "independent pieces paying datacenter prices",
                SortReason::cost),
          count("in_datacenter", "", "jobs placed in the datacenter", &SortCounts::in_datacenter),
          count("in_network", "", "jobs placed in the network", &SortCounts::in_network),
          figure("consumer_gb", "GB", "a consumer card's memory (catalog), GB",
                 &SortFigures::consumer_gb),
          figure("finetune_gb", "GB", "a 70B model's BF16 weights, GB", &SortFigures::finetune_gb),
          figure("gradient_home_s", "s", "seconds to send 14 GB over home internet",
                 &SortFigures::gradient_home_s),
          figure("gradient_nvlink_s", "s", "seconds to send 14 GB over NVLink",
                 &SortFigures::gradient_nvlink_s),
          figure("home_latency_ms", "ms", "a home connection's latency, ms",
                 &SortFigures::home_latency_ms),
      },
      {
          {"to_datacenter",
           {{"n", ActionParam::Kind::integer, true}},
           "job n into the datacenter",
           {},
           {},
           run<M>([](M& m, const Action& a) { return m.place(a, Bin::datacenter); })},
          {"to_network",
           {{"n", ActionParam::Kind::integer, true}},
           "job n into the network",
           {},
           {},
           run<M>([](M& m, const Action& a) { return m.place(a, Bin::network); })},
          {"unplace",
           {{"n", ActionParam::Kind::integer, true}},
           "job n back out of its bin",
           {},
           {},
           run<M>([](M& m, const Action& a) { return m.place(a, Bin::none); })},
      },
      &make<M>,
  };
}

std::string SortMachine::set_placement(const nlohmann::json& value) {
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

SortCounts SortMachine::counts() const {
  SortCounts c;
  for (std::size_t k = 0; k < sort_item_count; ++k) {
    const Bin b = placement_[k];
    if (b == Bin::none) continue;
    ++c.placed;
    (b == Bin::datacenter ? c.in_datacenter : c.in_network) += 1;
    if (b == sort_items()[k].belongs) {
      ++c.correct;
    } else {
      ++c.wrong[static_cast<std::size_t>(sort_items()[k].reason)];
    }
  }
  return c;
}

Outcome SortMachine::place(const Action& action, Bin bin) {
  auto i = action.integer("n");
  if (!i) return Outcome::refuse("machine.sort.the_job_number_n_is");
  if (*i < 0 || *i >= static_cast<std::int64_t>(sort_item_count)) {
    return Outcome::refuse(
        Message("machine.sort.no_such_job").num("n", static_cast<double>(sort_item_count)));
  }
  Bin& slot = placement_[static_cast<std::size_t>(*i)];
  if (slot == bin) {
    return bin == Bin::none ? Outcome::refuse("machine.sort.that_job_isn_t_placed")
                            : Outcome::refuse("machine.sort.that_job_is_already_there");
  }
  slot = bin;
  return Outcome::done();
}

std::string SortMachine::broken_invariant() const {
  auto v = [this](std::string_view name) { return VariableHandle(spec(), name)(*this); };
  if (v("placed") + v("unplaced") != v("items")) return "placed + unplaced is not every job";
  if (v("correct") + v("misplaced") != v("placed")) {
    return "correct + misplaced is not every placed job";
  }
  if (v("misplaced_sync") + v("misplaced_vram") + v("misplaced_bandwidth") +
          v("misplaced_latency") + v("misplaced_cost") !=
      v("misplaced")) {
    return "the reasons do not add up to misplaced";
  }
  if (v("in_datacenter") + v("in_network") != v("placed")) {
    return "the bins do not hold every placed job";
  }
  if ((v("all_correct") != 0) != (v("correct") == v("items"))) {
    return "all_correct disagrees with correct";
  }
  return {};
}

}  // namespace lessonsim
