// The lab machine's table: its settings, the variables its plan exposes, and its actions.
#include "gpu_count_actions.hpp"
#include "lab.hpp"
#include "lessonsim/calc/train_time.hpp"
#include "lessonsim/machine_table.hpp"
#include "lessonsim/messages.hpp"
#include "picture_parts.hpp"

namespace lessonsim {

namespace {

constexpr double lab_max_gpus = 1'000'000;

}  // namespace

const MachineSpec& lab_machine_spec() {
  static const MachineSpec spec = with_picture(LabMachine::kind_table(), lab_picture_parts());
  return spec;
}

MachineSpec LabMachine::kind_table() {
  using M = LabMachine;
  using namespace table;
  const GpuCount<M> gpus{&M::set_gpus, &M::gpus_, &M::max_gpus_};
  auto count = [](const char* name, SettingRange range, std::int64_t def, const char* what,
                  auto f) {
    return field<M>({name, SettingType::integer, range, {}, def, "", what}, f);
  };
  auto brief = [](const char* name, const char* unit, const char* what, auto f) {
    return table::number<M>(name, unit, what, [f](const M& m) { return m.valid(f(m.brief_)); });
  };
  auto gpu = [](const char* name, const char* unit, const char* what, auto f) {
    return table::number<M>(name, unit, what,
                            [f](const M& m) { return m.gpu() ? f(*m.gpu()) : 0.0; });
  };
  auto plan = [](const char* name, const char* unit, const char* what, auto f) {
    return table::number<M>(name, unit, what, [f](const M& m) { return f(m.plan()); });
  };
  auto check = [](const char* name, const char* what, std::size_t k) {
    return table::boolean<M>(name, what, [k](const M& m) { return m.plan().checks[k]; });
  };
  auto own = [](const char* name, const char* unit, ValueType type, const char* what, auto f) {
    return VariableInfo{name, type, what, read<M>(f), unit};
  };
  constexpr auto number = ValueType::number;
  return {
      "lab",
      "Plan a training cluster for a brief drawn from a seed: GPU type, count, ZeRO stage, "
      "racks and cooling, each constraint checked.",
      {
          {"seed",
           SettingType::integer,
           {0, 2'147'483'647},
           {},
           1,
           "",
           "the brief's seed (a whole number); the same seed gives the same brief",
           store<M>([](M& m, std::int64_t seed) {
             m.seed_ = static_cast<std::uint64_t>(seed);
             m.brief_ = lab_brief(m.seed_);
           }),
           load<M>([](const M& m) { return m.seed_; })},
          {"gpu",
           SettingType::choice,
           {},
           {},
           "a100-40",
           "",
           "the GPU type: a100-40, a100-80, h100-sxm or h200 (assets/hardware.json)",
           store<M>([](M& m, std::string id) -> std::string {
             if (!m.catalog_error_.empty()) return m.catalog_error_;
             Outcome o = m.select(id);
             return o.ok ? std::string() : o.why.in(fallback_locale);
           }),
           load<M>([](const M& m) { return m.gpu() ? m.gpu()->id : std::string("a100-40"); })},
          count(
              "gpus", {1, lab_max_gpus}, 64, "how many GPUs",
              [](auto& m) -> auto& { return m.gpus_; }),
          count(
              "zero", {0, 3}, 0, "the ZeRO stage, 0 to 3",
              [](auto& m) -> auto& { return m.zero_; }),
          count(
              "per_rack", {1, lab_max_per_rack}, 8, "GPUs in each rack, 1 to 72",
              [](auto& m) -> auto& { return m.per_rack_; }),
          field<M>(
              {"liquid",
               SettingType::boolean,
               {},
               {},
               false,
               "",
               "true: liquid cooling; false: air"},
              [](auto& m) -> auto& { return m.liquid_; }),
          count(
              "max_gpus", {1, lab_max_gpus}, 65536, "the most GPUs the learner may choose",
              [](auto& m) -> auto& { return m.max_gpus_; }),
      },
      {
          own("seed", "", number, "the brief's seed",
              [](const M& m) { return m.valid(static_cast<double>(m.seed_)); }),
          brief("params_b", "", "the model's parameters, billions",
                [](const LabBrief& b) { return static_cast<double>(b.params) / 1e9; }),
          brief("tokens_b", "", "training tokens, billions",
                [](const LabBrief& b) { return static_cast<double>(b.tokens) / 1e9; }),
          brief("deadline_days", "days", "the brief's deadline, days",
                [](const LabBrief& b) { return b.deadline_days; }),
          brief("power_cap_kw", "kW", "the power the site may draw, kW",
                [](const LabBrief& b) { return b.power_cap_kw; }),
          brief("budget_usd", "USD", "the rental budget, US dollars",
                [](const LabBrief& b) { return b.budget_usd; }),
          brief("max_racks", "racks", "the racks the hall has room for",
                [](const LabBrief& b) { return static_cast<double>(b.max_racks); }),
          own("gpu_index", "", number, "0 A100 40GB, 1 A100 80GB, 2 H100 SXM, 3 H200",
              [](const M& m) { return m.gpu() ? static_cast<double>(m.gpu_index_) : 0.0; }),
          gpu("gpu_memory_gb", "GB", "each GPU's memory, GB",
              [](const LabGpu& g) { return g.memory_gb; }),
          gpu("gpu_tflops", "", "each GPU's BF16 peak, TFLOP/s",
              [](const LabGpu& g) { return g.peak_tflops; }),
          gpu("sustained_tflops", "", "each GPU's sustained TFLOP/s (40% of peak)",
              [](const LabGpu& g) {
                return calc::sustained_flops(g.peak_tflops, lab_utilization) / 1e12;
              }),
          gpu("gpu_watts", "W", "each GPU's power, W", [](const LabGpu& g) { return g.watts; }),
          gpu("usd_per_gpu_hour", "USD", "the assumed rental price per GPU-hour",
              [](const LabGpu& g) { return g.usd_per_gpu_hour; }),
          own("gpus", "GPU", number, "how many GPUs", [](const M& m) { return m.valid(m.gpus_); }),
          own("zero", "", number, "the ZeRO stage", [](const M& m) { return m.valid(m.zero_); }),
          own("per_rack", "GPU", number, "GPUs in each rack",
              [](const M& m) { return m.valid(m.per_rack_); }),
          own("liquid", "", ValueType::boolean, "liquid cooling (else air)",
              [](const M& m) { return m.valid(m.liquid_); }),
          plan("racks", "racks", "racks needed", [](const LabPlan& p) { return p.racks; }),
          plan("rack_kw", "kW", "one full rack's power, kW",
               [](const LabPlan& p) { return p.rack_kw; }),
          plan("cooling_limit_kw", "kW", "what the cooling removes per rack, kW",
               [](const LabPlan& p) { return p.cooling_kw; }),
          plan("memory_per_gpu_gb", "GB", "weights+gradients+optimizer per GPU, GB",
               [](const LabPlan& p) { return p.memory_per_gpu_gb; }),
          plan("train_days", "days", "days of training, 8·P·T at 40% of peak",
               [](const LabPlan& p) { return p.train_days; }),
          plan("min_gpus_deadline", "GPU", "fewest GPUs of this type for the deadline",
               [](const LabPlan& p) { return p.min_gpus; }),
          plan("power_kw", "kW", "the cluster's power, kW",
               [](const LabPlan& p) { return p.power_kw; }),
          plan("cost_usd", "USD", "the GPUs' rent for the run, US dollars",
               [](const LabPlan& p) { return p.cost_usd; }),
          check("memory_ok", "the training state fits each GPU", 0),
          check("deadline_ok", "train_days <= deadline_days", 1),
          check("power_ok", "power_kw <= power_cap_kw", 2),
          check("budget_ok", "cost_usd <= budget_usd", 3),
          check("cooling_ok", "rack_kw <= cooling_limit_kw", 4),
          check("space_ok", "racks <= max_racks", 5),
          own("all_ok", "", ValueType::boolean, "every constraint met",
              [](const M& m) { return m.gpu() && m.plan().unmet == 0; }),
          plan("unmet", "", "how many constraints are unmet",
               [](const LabPlan& p) { return p.unmet; }),
          plan("memory_margin_gb", "GB", "GPU memory left, GB (negative: over)",
               [](const LabPlan& p) { return p.margins[0]; }),
          plan("deadline_margin_days", "days", "days to spare (negative: late)",
               [](const LabPlan& p) { return p.margins[1]; }),
          plan("power_margin_kw", "kW", "kW to spare (negative: over)",
               [](const LabPlan& p) { return p.margins[2]; }),
          plan("budget_margin_usd", "USD", "US dollars to spare (negative: over)",
               [](const LabPlan& p) { return p.margins[3]; }),
          plan("rack_margin_kw", "kW", "kW of cooling to spare per rack",
               [](const LabPlan& p) { return p.margins[4]; }),
          plan("racks_margin", "racks", "racks to spare in the hall",
               [](const LabPlan& p) { return p.margins[5]; }),
          own("max_gpus", "GPU", number, "the most GPUs the learner may choose",
              [](const M& m) { return m.valid(m.max_gpus_); }),
      },
      {
          {"set_gpu",
           {{"id", ActionParam::Kind::string}},
           "the GPU type, by catalog id",
           {},
           {},
           run<M>([](M& m, std::string id) { return m.select(id); }, "id")},
          {"next_gpu",
           {},
           "the next GPU type",
           "gG",
           LocalizedText::of("machine.lab.change_the_gpu"),
           run<M>([](M& m) { return m.next_gpu(); })},
          gpus.exactly(),
          gpus.twice(),
          gpus.half(),
          {"set_zero",
           {{"n", ActionParam::Kind::integer}},
           "ZeRO stage n (0-3)",
           {},
           {},
           run<M>([](M& m, std::int64_t n) { return m.set_zero(n); })},
          {"set_per_rack",
           {{"n", ActionParam::Kind::integer}},
           "n GPUs in each rack",
           {},
           {},
           run<M>([](M& m, std::int64_t n) { return m.set_per_rack(n); })},
          {"air_cooling",
           {},
           "cool the racks with air",
           "aA",
           LocalizedText::of("machine.lab.air_cooling"),
           run<M>([](M& m) { return m.set_liquid(false); })},
          {"liquid_cooling",
           {},
           "cool the racks with liquid",
           "lL",
           LocalizedText::of("machine.lab.liquid_cooling"),
           run<M>([](M& m) { return m.set_liquid(true); })},
      },
      &make<M>,
  };
}

}  // namespace lessonsim
