#include "lab.hpp"

#include <cmath>
#include <random>

#include "lessonsim/calc/error.hpp"
#include "lessonsim/calc/facility.hpp"
#include "lessonsim/calc/memory_plan.hpp"
#include "lessonsim/calc/train_time.hpp"
#include "lessonsim/catalog.hpp"

namespace lessonsim {

namespace {

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

LabMachine::LabMachine(const MachineContext& context) {
  offer_gpus(context.hardware.get());
  apply_defaults();
}

void LabMachine::offer_gpus(const Catalog* catalog) {
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

std::string LabMachine::check() const {
  if (!catalog_error_.empty()) return catalog_error_;
  if (gpus_ > max_gpus_) return "gpus is more than max_gpus";
  return {};
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

Outcome LabMachine::next_gpu() {
  if (gpus_offered_.empty()) return Outcome::refuse("machine.lab.there_are_no_gpus");
  gpu_index_ = (gpu_index_ + 1) % gpus_offered_.size();
  return Outcome::done();
}

Outcome LabMachine::set_zero(std::int64_t n) {
  if (n < 0 || n > 3) {
    return Outcome::refuse("machine.lab.zero_has_stages_0_1");
  }
  zero_ = static_cast<int>(n);
  return Outcome::done();
}

Outcome LabMachine::set_per_rack(std::int64_t n) {
  if (n < 1 || n > lab_max_per_rack) {
    return Outcome::refuse("machine.lab.a_rack_holds_between_1");
  }
  per_rack_ = n;
  return Outcome::done();
}

Outcome LabMachine::set_liquid(bool on) {
  liquid_ = on;
  return Outcome::done();
}

LabPlan LabMachine::plan() const {
  LabPlan out;
  const LabGpu* g = gpu();
  if (!g) return out;
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
  const calc::Facility f = calc::facility({gpus_, g->watts, per_rack_});
  // Whole dollars, rounded up, so the check and the margin read the same number.
  out.cost_usd = std::ceil(calc::rental_usd(gpus_, t.days * 24, g->usd_per_gpu_hour));
  out.cooling_kw = liquid_ ? lab_liquid_rack_kw : lab_air_rack_kw;
  out.racks = static_cast<double>(f.racks);
  out.rack_kw = f.rack_kw;
  out.memory_per_gpu_gb = calc::bytes_to_gb(per_gpu);
  out.train_days = t.days;
  out.min_gpus = std::ceil(one_gpu_days / brief_.deadline_days);
  out.power_kw = f.it_kw;
  out.checks = {per_gpu <= gpu_bytes,           t.days <= brief_.deadline_days,
                f.it_kw <= brief_.power_cap_kw, out.cost_usd <= brief_.budget_usd,
                f.rack_kw <= out.cooling_kw,    f.racks <= brief_.max_racks};
  for (bool ok : out.checks)
    out.unmet += ok ? 0 : 1;
  out.margins = {calc::bytes_to_gb(gpu_bytes - per_gpu),
                 brief_.deadline_days - t.days,
                 brief_.power_cap_kw - f.it_kw,
                 brief_.budget_usd - out.cost_usd,
                 out.cooling_kw - f.rack_kw,
                 static_cast<double>(brief_.max_racks - f.racks)};
  return out;
}

std::string LabMachine::broken_invariant() const {
  if (gpus_ < 1 || gpus_ > max_gpus_) return "gpus left its limits";
  if (zero_ < 0 || zero_ > 3 || per_rack_ < 1 || per_rack_ > lab_max_per_rack) {
    return "the ZeRO stage or the rack size left its limits";
  }
  auto v = [this](std::string_view name) { return VariableHandle(spec(), name)(*this); };
  // Each check agrees with its margin's sign.
  const char* const checks[] = {"memory_ok", "budget_ok",  "deadline_ok",
                                "power_ok",  "cooling_ok", "space_ok"};
  const char* const margins[] = {"memory_margin_gb", "budget_margin_usd", "deadline_margin_days",
                                 "power_margin_kw",  "rack_margin_kw",    "racks_margin"};
  double unmet = 0;
  for (int k = 0; k < 6; ++k) {
    const bool ok = v(checks[k]) != 0;
    if (ok != (v(margins[k]) >= -1e-12))
      return std::string(checks[k]) + " disagrees with its margin";
    unmet += ok ? 0 : 1;
  }
  if (unmet != v("unmet") || (v("all_ok") != 0) != (unmet == 0)) {
    return "all_ok disagrees with the checks";
  }
  if ((v("deadline_ok") != 0) != (v("gpus") >= v("min_gpus_deadline"))) {
    return "min_gpus_deadline disagrees with deadline_ok";
  }
  return {};
}

}  // namespace lessonsim
