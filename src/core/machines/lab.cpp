#include "lessonsim/machines/lab.hpp"

#include <cmath>
#include <random>

#include "lessonsim/calc/error.hpp"
#include "lessonsim/calc/facility.hpp"
#include "lessonsim/calc/memory_plan.hpp"
#include "lessonsim/calc/train_time.hpp"
#include "lessonsim/messages.hpp"
#include "machines/setting_readers.hpp"
#include "machines/shipped_catalog.hpp"

namespace lessonsim {

namespace {

constexpr std::int64_t hard_max_gpus = 1'000'000;

std::unique_ptr<Machine> create_lab() {
  return std::make_unique<LabMachine>();
}

// Assumed rental prices per GPU-hour, round figures in line with 2024-2025 cloud offers; the
// lesson says they are assumptions. Only these chips are offered.
struct Price {
  const char* id;
  double usd;
};
constexpr Price prices[] = {{"a100-40", 1.2}, {"a100-80", 1.5}, {"h100-sxm", 2.0}, {"h200", 2.5}};

// Training time with the lab's recomputation (8·P·T) and utilization.
calc::TrainTime lab_time(std::int64_t params, std::int64_t tokens, std::int64_t gpus,
                         double peak_tflops) {
  return calc::train_time(
      {params, tokens, gpus, calc::sustained_flops(peak_tflops, lab_utilization), true});
}

}  // namespace

namespace {

// Rounds up to two significant figures, as a brief states its caps: 1.26 -> 1.3, 0.0531 -> 0.054.
double round_up_2sig(double v) {
  const double scale = std::pow(10.0, std::floor(std::log10(v)) - 1);
  return std::ceil(v / scale - 1e-9) * scale;
}

}  // namespace

LabBrief lab_brief(std::uint64_t seed) {
  // mt19937_64's output is fixed by the standard; distributions are not, so draw by modulo.
  std::mt19937_64 rng(seed);
  auto pick = [&](std::uint64_t n) { return static_cast<std::size_t>(rng() % n); };
  const std::int64_t params_choices[] = {7'000'000'000, 13'000'000'000, 34'000'000'000,
                                         70'000'000'000};
  const std::int64_t token_choices[] = {1'000'000'000'000, 2'000'000'000'000, 4'000'000'000'000};
  const double deadline_choices[] = {30, 45, 60, 90};
  const std::int64_t rack_density[] = {24, 48};
  LabBrief b;
  b.params = params_choices[pick(4)];
  b.tokens = token_choices[pick(3)];
  b.deadline_days = deadline_choices[pick(4)];
  const std::int64_t ref_per_rack = rack_density[pick(2)];
  // The reference plan: H100 SXM figures (989 TFLOP/s BF16, 700 W), as in the catalog, with
  // enough GPUs (a multiple of 8) to finish in 80% of the deadline.
  const double one_gpu_days = lab_time(b.params, b.tokens, 1, 989).days;
  const auto ref_gpus =
      calc::ceil_div(static_cast<std::int64_t>(std::ceil(one_gpu_days / (b.deadline_days * 0.8))),
                     8) *
      8;
  const calc::TrainTime t = lab_time(b.params, b.tokens, ref_gpus, 989);
  const calc::Facility f = calc::facility({ref_gpus, 700, ref_per_rack});
  b.power_cap_kw = round_up_2sig(f.it_kw * 1.2);
  b.budget_usd = round_up_2sig(calc::rental_usd(ref_gpus, t.days * 24, 2.0) * 1.25);
  b.max_racks = f.racks;
  return b;
}

const MachineSpec& lab_machine_spec() {
  static const MachineSpec spec{
      "lab",
      "Plan a training cluster for a brief drawn from a seed: GPU type, count, ZeRO stage, "
      "racks and cooling, each constraint checked.",
      {
          {"seed", "the brief's seed (a whole number); the same seed gives the same brief"},
          {"gpu", "the GPU type: a100-40, a100-80, h100-sxm or h200 (assets/hardware.json)"},
          {"gpus", "how many GPUs"},
          {"zero", "the ZeRO stage, 0 to 3"},
          {"per_rack", "GPUs in each rack, 1 to 72"},
          {"liquid", "true: liquid cooling; false: air"},
          {"max_gpus", "the most GPUs the learner may choose"},
      },
      {
          {"seed", ValueType::number, "the brief's seed"},
          {"params_b", ValueType::number, "the model's parameters, billions"},
          {"tokens_b", ValueType::number, "training tokens, billions"},
          {"deadline_days", ValueType::number, "the brief's deadline, days"},
          {"power_cap_kw", ValueType::number, "the power the site may draw, kW"},
          {"budget_usd", ValueType::number, "the rental budget, US dollars"},
          {"max_racks", ValueType::number, "the racks the hall has room for"},
          {"gpu_index", ValueType::number, "0 A100 40GB, 1 A100 80GB, 2 H100 SXM, 3 H200"},
          {"gpu_memory_gb", ValueType::number, "each GPU's memory, GB"},
          {"gpu_tflops", ValueType::number, "each GPU's BF16 peak, TFLOP/s"},
          {"sustained_tflops", ValueType::number, "each GPU's sustained TFLOP/s (40% of peak)"},
          {"gpu_watts", ValueType::number, "each GPU's power, W"},
          {"usd_per_gpu_hour", ValueType::number, "the assumed rental price per GPU-hour"},
          {"gpus", ValueType::number, "how many GPUs"},
          {"zero", ValueType::number, "the ZeRO stage"},
          {"per_rack", ValueType::number, "GPUs in each rack"},
          {"liquid", ValueType::boolean, "liquid cooling (else air)"},
          {"racks", ValueType::number, "racks needed"},
          {"rack_kw", ValueType::number, "one full rack's power, kW"},
          {"cooling_limit_kw", ValueType::number, "what the cooling removes per rack, kW"},
          {"memory_per_gpu_gb", ValueType::number, "weights+gradients+optimizer per GPU, GB"},
          {"train_days", ValueType::number, "days of training, 8·P·T at 40% of peak"},
          {"min_gpus_deadline", ValueType::number, "fewest GPUs of this type for the deadline"},
          {"power_kw", ValueType::number, "the cluster's power, kW"},
          {"cost_usd", ValueType::number, "the GPUs' rent for the run, US dollars"},
          {"memory_ok", ValueType::boolean, "the training state fits each GPU"},
          {"deadline_ok", ValueType::boolean, "train_days <= deadline_days"},
          {"power_ok", ValueType::boolean, "power_kw <= power_cap_kw"},
          {"budget_ok", ValueType::boolean, "cost_usd <= budget_usd"},
          {"cooling_ok", ValueType::boolean, "rack_kw <= cooling_limit_kw"},
          {"space_ok", ValueType::boolean, "racks <= max_racks"},
          {"all_ok", ValueType::boolean, "every constraint met"},
          {"unmet", ValueType::number, "how many constraints are unmet"},
          {"memory_margin_gb", ValueType::number, "GPU memory left, GB (negative: over)"},
          {"deadline_margin_days", ValueType::number, "days to spare (negative: late)"},
          {"power_margin_kw", ValueType::number, "kW to spare (negative: over)"},
          {"budget_margin_usd", ValueType::number, "US dollars to spare (negative: over)"},
          {"rack_margin_kw", ValueType::number, "kW of cooling to spare per rack"},
          {"racks_margin", ValueType::number, "racks to spare in the hall"},
          {"max_gpus", ValueType::number, "the most GPUs the learner may choose"},
      },
      {
          {"set_gpu", {{"id", ActionParam::Kind::string}}, "the GPU type, by catalog id"},
          {"next_gpu",
           {},
           "the next GPU type",
           "gG",
           LocalizedText::of("machine.lab.change_the_gpu")},
          {"set_gpus", {{"n", ActionParam::Kind::integer}}, "exactly n GPUs"},
          {"double_gpus",
           {},
           "twice as many GPUs",
           "*+=",
           LocalizedText::of("machine.lab.double_the_gpus")},
          {"halve_gpus",
           {},
           "half as many GPUs",
           "/-_",
           LocalizedText::of("machine.lab.halve_the_gpus")},
          {"set_zero", {{"n", ActionParam::Kind::integer}}, "ZeRO stage n (0-3)"},
          {"set_per_rack", {{"n", ActionParam::Kind::integer}}, "n GPUs in each rack"},
          {"air_cooling",
           {},
           "cool the racks with air",
           "aA",
           LocalizedText::of("machine.lab.air_cooling")},
          {"liquid_cooling",
           {},
           "cool the racks with liquid",
           "lL",
           LocalizedText::of("machine.lab.liquid_cooling")},
      },
      &create_lab,
  };
  return spec;
}

LabMachine::LabMachine() : brief_(lab_brief(seed_)) {
  const Catalog* catalog = machines::shipped_catalog();
  if (!catalog) {
    catalog_error_ = "the lab needs the hardware catalog, which cannot be read";
    return;
  }
  for (const Price& p : prices) {
    const GpuSpec* g = catalog->gpu(p.id);
    if (!g || g->bf16_tflops <= 0 || g->watts <= 0 || g->memory_gb <= 0) {
      catalog_error_ = std::string("the catalog lacks ") + p.id + "'s memory, BF16 peak or watts";
      return;
    }
    gpus_offered_.push_back({g->id, g->name, g->memory_gb, g->bf16_tflops, g->watts, p.usd});
  }
}

const LabGpu* LabMachine::gpu() const {
  return gpu_index_ < gpus_offered_.size() ? &gpus_offered_[gpu_index_] : nullptr;
}

Outcome LabMachine::select(std::string_view id) {
  for (std::size_t k = 0; k < gpus_offered_.size(); ++k) {
    if (gpus_offered_[k].id == id) {
      gpu_index_ = k;
      return Outcome::done();
    }
  }
  return Outcome::refuse("machine.lab.the_lab_offers_a100_40");
}

std::string LabMachine::set(std::string_view name, const nlohmann::json& value) {
  using namespace machines;
  if (name == "seed") {
    std::int64_t seed = 0;
    std::string error = read_integer(value, 0, 2'147'483'647, seed);
    if (error.empty()) {
      seed_ = static_cast<std::uint64_t>(seed);
      brief_ = lab_brief(seed_);
    }
    return error;
  }
  if (name == "gpu") {
    if (!value.is_string()) return "must be a GPU id: a100-40, a100-80, h100-sxm or h200";
    if (!catalog_error_.empty()) return catalog_error_;
    Outcome o = select(value.get<std::string>());
    return o.ok ? std::string() : o.why.in(fallback_locale);
  }
  if (name == "gpus") return read_integer(value, 1, hard_max_gpus, gpus_);
  if (name == "zero") {
    std::int64_t stage = 0;
    std::string error = read_integer(value, 0, 3, stage);
    if (error.empty()) zero_ = static_cast<int>(stage);
    return error;
  }
  if (name == "per_rack") return read_integer(value, 1, lab_max_per_rack, per_rack_);
  if (name == "liquid") return read_flag(value, liquid_);
  if (name == "max_gpus") return read_integer(value, 1, hard_max_gpus, max_gpus_);
  return "is not a setting of the lab machine";
}

std::string LabMachine::check() const {
  if (!catalog_error_.empty()) return catalog_error_;
  if (gpus_ > max_gpus_) return "gpus is more than max_gpus";
  return {};
}

nlohmann::json LabMachine::settings() const {
  return {{"seed", seed_},         {"gpu", gpu() ? gpu()->id : std::string("a100-40")},
          {"gpus", gpus_},         {"zero", zero_},
          {"per_rack", per_rack_}, {"liquid", liquid_},
          {"max_gpus", max_gpus_}};
}

Outcome LabMachine::set_gpus(std::int64_t n) {
  if (n < 1) return Outcome::refuse("machine.lab.at_least_one_gpu_is");
  if (n > max_gpus_) {
    return Outcome::refuse(
        Message("machine.lab.max_gpus").num("max", static_cast<double>(max_gpus_)));
  }
  gpus_ = n;
  return Outcome::done();
}

Outcome LabMachine::apply(const Action& action) {
  const std::string& op = action.op;
  if (op == "next_gpu") {
    if (gpus_offered_.empty()) return Outcome::refuse("machine.lab.there_are_no_gpus");
    gpu_index_ = (gpu_index_ + 1) % gpus_offered_.size();
    return Outcome::done();
  }
  if (op == "set_gpu") return select(action.string("id"));
  if (op == "double_gpus") return set_gpus(gpus_ > max_gpus_ / 2 ? max_gpus_ + 1 : gpus_ * 2);
  if (op == "halve_gpus") return set_gpus(gpus_ / 2);
  if (op == "air_cooling" || op == "liquid_cooling") {
    liquid_ = op == "liquid_cooling";
    return Outcome::done();
  }
  if (op == "set_gpus" || op == "set_zero" || op == "set_per_rack") {
    auto n = action.integer("n");
    if (!n) return Outcome::refuse("machine.lab.the_number_n_is_missing");
    if (op == "set_gpus") return set_gpus(*n);
    if (op == "set_zero") {
      if (*n < 0 || *n > 3) {
        return Outcome::refuse("machine.lab.zero_has_stages_0_1");
      }
      zero_ = static_cast<int>(*n);
      return Outcome::done();
    }
    if (*n < 1 || *n > lab_max_per_rack) {
      return Outcome::refuse("machine.lab.a_rack_holds_between_1");
    }
    per_rack_ = *n;
    return Outcome::done();
  }
  return Outcome::refuse(Message("machine.no_action").text("op", op));
}

void LabMachine::values(std::vector<double>& out) const {
  const LabGpu* g = gpu();
  if (!g) {
    out.assign(lab_machine_spec().variables.size(), 0.0);
    return;
  }
  calc::MemoryQuery q;
  q.params = brief_.params;
  q.mode = calc::Mode::train;
  q.dp = gpus_;
  q.zero = zero_;
  const calc::Bytes per_gpu = calc::plan_memory(q).per_gpu_bytes();
  const calc::Bytes gpu_bytes = calc::gb_to_bytes(g->memory_gb);
  const calc::TrainTime t = lab_time(brief_.params, brief_.tokens, gpus_, g->peak_tflops);
  // The fewest GPUs for the deadline: the compute over what one GPU sustains in that time.
  const double one_gpu_days = lab_time(brief_.params, brief_.tokens, 1, g->peak_tflops).days;
  const double min_gpus = std::ceil(one_gpu_days / brief_.deadline_days);
  const calc::Facility f = calc::facility({gpus_, g->watts, per_rack_});
  // Whole dollars, rounded up, so the check and the margin read the same number.
  const double cost_usd = std::ceil(calc::rental_usd(gpus_, t.days * 24, g->usd_per_gpu_hour));
  const double cooling = liquid_ ? lab_liquid_rack_kw : lab_air_rack_kw;
  const bool checks[] = {per_gpu <= gpu_bytes,           t.days <= brief_.deadline_days,
                         f.it_kw <= brief_.power_cap_kw, cost_usd <= brief_.budget_usd,
                         f.rack_kw <= cooling,           f.racks <= brief_.max_racks};
  double unmet = 0;
  for (bool ok : checks)
    unmet += ok ? 0 : 1;
  auto flag = [](bool b) { return b ? 1.0 : 0.0; };
  out = {
      static_cast<double>(seed_),
      static_cast<double>(brief_.params) / 1e9,
      static_cast<double>(brief_.tokens) / 1e9,
      brief_.deadline_days,
      brief_.power_cap_kw,
      brief_.budget_usd,
      static_cast<double>(brief_.max_racks),
      static_cast<double>(gpu_index_),
      g->memory_gb,
      g->peak_tflops,
      calc::sustained_flops(g->peak_tflops, lab_utilization) / 1e12,
      g->watts,
      g->usd_per_gpu_hour,
      static_cast<double>(gpus_),
      static_cast<double>(zero_),
      static_cast<double>(per_rack_),
      flag(liquid_),
      static_cast<double>(f.racks),
      f.rack_kw,
      cooling,
      calc::bytes_to_gb(per_gpu),
      t.days,
      min_gpus,
      f.it_kw,
      cost_usd,
      flag(checks[0]),
      flag(checks[1]),
      flag(checks[2]),
      flag(checks[3]),
      flag(checks[4]),
      flag(checks[5]),
      flag(unmet == 0),
      unmet,
      calc::bytes_to_gb(gpu_bytes - per_gpu),
      brief_.deadline_days - t.days,
      brief_.power_cap_kw - f.it_kw,
      brief_.budget_usd - cost_usd,
      cooling - f.rack_kw,
      static_cast<double>(brief_.max_racks - f.racks),
      static_cast<double>(max_gpus_),
  };
}

std::string LabMachine::broken_invariant() const {
  if (gpus_ < 1 || gpus_ > max_gpus_) return "gpus left its limits";
  if (zero_ < 0 || zero_ > 3 || per_rack_ < 1 || per_rack_ > lab_max_per_rack) {
    return "the ZeRO stage or the rack size left its limits";
  }
  std::vector<double> v;
  values(v);
  // Each check agrees with its margin's sign.
  const int checks[] = {25, 26, 27, 28, 29, 30};
  const int margins[] = {33, 34, 35, 36, 37, 38};
  double unmet = 0;
  for (int k = 0; k < 6; ++k) {
    if ((v[static_cast<std::size_t>(checks[k])] != 0) !=
        (v[static_cast<std::size_t>(margins[k])] >= -1e-12)) {
      return std::string(lab_machine_spec().variables[static_cast<std::size_t>(checks[k])].name) +
             " disagrees with its margin";
    }
    unmet += v[static_cast<std::size_t>(checks[k])] == 0 ? 1 : 0;
  }
  if (unmet != v[32] || (v[31] != 0) != (unmet == 0)) return "all_ok disagrees with the checks";
  if ((v[26] != 0) != (v[13] >= v[22])) return "min_gpus_deadline disagrees with deadline_ok";
  return {};
}

}  // namespace lessonsim
