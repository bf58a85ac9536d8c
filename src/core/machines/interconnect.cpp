#include "lessonsim/machines/interconnect.hpp"

#include <cmath>

#include "lessonsim/calc/error.hpp"
#include "lessonsim/calc/model_state.hpp"
#include "lessonsim/calc/train_time.hpp"
#include "lessonsim/messages.hpp"
#include "lessonsim/share_dir.hpp"

namespace lessonsim {

namespace {

constexpr std::int64_t hard_max_gpus = 100'000;
constexpr double max_checkpoint_h = 24 * 7;
// The intervals `checkpoint_more` and `checkpoint_less` step through; 0 is "never".
constexpr double ladder[] = {0, 24, 12, 6, 3, 1};

std::unique_ptr<Machine> create_interconnect() {
  return std::make_unique<InterconnectMachine>();
}

std::string read_count(const nlohmann::json& value, std::int64_t lo, std::int64_t hi,
                       std::int64_t& out) {
  if (!value.is_number_integer()) return "must be a whole number";
  auto n = value.get<std::int64_t>();
  if (n < lo || n > hi) return "must be from " + std::to_string(lo) + " to " + std::to_string(hi);
  out = n;
  return {};
}

std::string read_real(const nlohmann::json& value, double lo, double hi, bool lo_open,
                      double& out) {
  if (!value.is_number()) return "must be a number";
  double v = value.get<double>();
  if (!std::isfinite(v) || v < lo || (lo_open && v == lo) || v > hi) {
    return std::string("must be ") + (lo_open ? "more than " : "at least ") + std::to_string(lo) +
           " and at most " + std::to_string(hi);
  }
  out = v;
  return {};
}

bool link_takes(const LinkSpec& link, std::int64_t gpus) {
  return link.max_gpus <= 0 || static_cast<double>(gpus) <= link.max_gpus;
}

Outcome too_many_for(const LinkSpec& link, std::int64_t gpus) {
  return Outcome::refuse(Message("machine.interconnect.too_many")
                             .text("link", link.name)
                             .num("max", link.max_gpus)
                             .num("n", static_cast<double>(gpus)));
}

}  // namespace

const Catalog* interconnect_catalog(std::string* why) {
  static const std::pair<std::optional<Catalog>, std::string> loaded = [] {
    Diagnostics diags;
    auto c = load_catalog(assets_dir() / "hardware.json", diags);
    std::string reason;
    if (!c) {
      reason =
          "the hardware catalog " + (assets_dir() / "hardware.json").string() + " cannot be read";
    }
    return std::make_pair(std::move(c), reason);
  }();
  if (why) *why = loaded.second;
  return loaded.first ? &*loaded.first : nullptr;
}

const MachineSpec& interconnect_machine_spec() {
  static const MachineSpec spec{
      "interconnect",
      "A data-parallel training step as a timeline: every GPU computes its share of the batch, "
      "then a ring all-reduce exchanges the gradients over the chosen link (no overlap); and "
      "what a crash costs at worst with a checkpoint interval.",
      {
          {"params_b", "the model's parameters, in billions (bf16 gradients: 2 bytes each)"},
          {"tokens_per_step_m", "the global batch, in millions of tokens"},
          {"gpu", "a GPU id from assets/hardware.json (its bf16_tflops)"},
          {"utilization", "the share of peak each GPU sustains, more than 0 and at most 1"},
          {"link", "a link id from assets/hardware.json"},
          {"gpus", "how many GPUs share the step"},
          {"max_gpus", "the most GPUs the learner may use"},
          {"hours_run", "hours the run has gone when it crashes"},
          {"checkpoint_h", "hours between checkpoints; 0 for none"},
      },
      {
          {"gpus", ValueType::number, "how many GPUs share the step"},
          {"max_gpus", ValueType::number, "the most GPUs the learner may use"},
          {"link_gb_per_s", ValueType::number, "the link's bandwidth per GPU, GB/s"},
          {"latency_us", ValueType::number, "the link's latency per message, microseconds"},
          {"link_max_gpus", ValueType::number, "the most GPUs the link joins (0: no limit)"},
          {"gradient_gb", ValueType::number, "one full set of gradients, GB"},
          {"compute_s", ValueType::number, "seconds of math per step, on each GPU"},
          {"exchange_s", ValueType::number, "seconds of gradient exchange per step"},
          {"exchange_hours", ValueType::number, "the same in hours"},
          {"step_s", ValueType::number, "seconds per step: math + exchange"},
          {"exchange_share", ValueType::number, "exchange / step, 0 to 1"},
          {"exchange_pct", ValueType::number, "the same in percent"},
          {"useful_gpus", ValueType::number, "GPUs' worth of useful work: gpus × math / step"},
          {"checkpoint_h", ValueType::number, "hours between checkpoints (0: none)"},
          {"hours_run", ValueType::number, "hours the run has gone when it crashes"},
          {"lost_hours", ValueType::number, "hours of work a crash loses at worst"},
          {"lost_gpu_hours", ValueType::number, "the same times the GPUs: GPU-hours to redo"},
          {"crash_lost_hours", ValueType::number,
           "hours the crash at hours_run loses: since the last checkpoint before it"},
      },
      {
          {"add_gpu",
           {},
           "one more GPU",
           "+=",
           LocalizedText::of("machine.interconnect.add_a_gpu")},
          {"remove_gpu",
           {},
           "one GPU fewer",
           "-_",
           LocalizedText::of("machine.interconnect.remove_a_gpu")},
          {"double_gpus",
           {},
           "twice as many GPUs",
           "*",
           LocalizedText::of("machine.interconnect.double_the_gpus")},
          {"halve_gpus",
           {},
           "half as many GPUs",
           "/",
           LocalizedText::of("machine.interconnect.halve_the_gpus")},
          {"set_gpus", {{"n", ActionParam::Kind::integer}}, "exactly n GPUs"},
          {"next_link",
           {},
           "the catalog's next link that can join this many GPUs",
           "lL",
           LocalizedText::of("machine.interconnect.change_the_link")},
          {"set_link", {{"to", ActionParam::Kind::string}}, "the link with this catalog id"},
          {"checkpoint_more",
           {},
           "checkpoints more often: never, 24, 12, 6, 3, 1 hours",
           "]",
           LocalizedText::of("machine.interconnect.checkpoint_more_often")},
          {"checkpoint_less",
           {},
           "checkpoints less often",
           "[",
           LocalizedText::of("machine.interconnect.checkpoint_less_often")},
          {"set_checkpoint", {{"n", ActionParam::Kind::integer}}, "every n hours (0: never)"},
      },
      &create_interconnect,
  };
  return spec;
}

InterconnectMachine::InterconnectMachine() {
  if (const Catalog* c = interconnect_catalog()) {
    if (const GpuSpec* g = c->gpu("h100-sxm")) gpu_ = *g;
    if (const LinkSpec* l = c->link("infiniband-ndr")) link_ = *l;
  }
}

std::string InterconnectMachine::set(std::string_view name, const nlohmann::json& value) {
  if (name == "params_b") {
    double b = 0;
    std::string error = read_real(value, 0, 100'000, true, b);
    if (error.empty()) params_ = std::max<std::int64_t>(1, std::llround(b * 1e9));
    return error;
  }
  if (name == "tokens_per_step_m") {
    double m = 0;
    std::string error = read_real(value, 0, 1'000'000, true, m);
    if (error.empty()) tokens_per_step_ = std::max<std::int64_t>(1, std::llround(m * 1e6));
    return error;
  }
  if (name == "gpu" || name == "link") {
    if (!value.is_string()) return "must be a catalog id";
    std::string why;
    const Catalog* c = interconnect_catalog(&why);
    if (!c) return why;
    const std::string id = value.get<std::string>();
    if (name == "gpu") {
      const GpuSpec* g = c->gpu(id);
      if (!g) return "\"" + id + "\" is not a GPU in the hardware catalog";
      if (g->bf16_tflops <= 0) return "\"" + id + "\" has no published bf16 TFLOP/s";
      gpu_ = *g;
      return {};
    }
    const LinkSpec* l = c->link(id);
    if (!l) return "\"" + id + "\" is not a link in the hardware catalog";
    if (l->gb_per_s <= 0) return "\"" + id + "\" has no bandwidth";
    link_ = *l;
    return {};
  }
  if (name == "utilization") return read_real(value, 0, 1, true, utilization_);
  if (name == "gpus") return read_count(value, 1, hard_max_gpus, gpus_);
  if (name == "max_gpus") return read_count(value, 1, hard_max_gpus, max_gpus_);
  if (name == "hours_run") return read_real(value, 0, 24 * 365, false, hours_run_);
  if (name == "checkpoint_h") return read_real(value, 0, max_checkpoint_h, false, checkpoint_h_);
  return "is not a setting of the interconnect machine";
}

std::string InterconnectMachine::check() const {
  std::string why;
  if (!interconnect_catalog(&why)) return why;
  if (link_.id.empty() || gpu_.id.empty()) return "the catalog lacks h100-sxm or infiniband-ndr";
  if (gpus_ > max_gpus_) {
    return "gpus (" + std::to_string(gpus_) + ") is more than max_gpus (" +
           std::to_string(max_gpus_) + ")";
  }
  if (!link_takes(link_, gpus_)) return too_many_for(link_, gpus_).why.in(fallback_locale);
  try {
    calc::step_time(query());
  } catch (const calc::CalcError& e) {
    return e.what();
  }
  return {};
}

nlohmann::json InterconnectMachine::settings() const {
  return {{"params_b", static_cast<double>(params_) / 1e9},
          {"tokens_per_step_m", static_cast<double>(tokens_per_step_) / 1e6},
          {"gpu", gpu_.id},
          {"utilization", utilization_},
          {"link", link_.id},
          {"gpus", gpus_},
          {"max_gpus", max_gpus_},
          {"hours_run", hours_run_},
          {"checkpoint_h", checkpoint_h_}};
}

calc::StepQuery InterconnectMachine::query() const {
  calc::StepQuery q;
  q.params = params_;
  q.tokens_per_step = tokens_per_step_;
  q.gpus = gpus_;
  q.flops_per_gpu =
      gpu_.bf16_tflops > 0 ? calc::sustained_flops(gpu_.bf16_tflops, utilization_) : 0;
  q.gradient_bytes = calc::training_states(params_, {}).gradients;
  q.link = {link_.gb_per_s, link_.latency_us};
  return q;
}

calc::StepTime InterconnectMachine::step() const {
  try {
    return calc::step_time(query());
  } catch (const calc::CalcError&) {
    return {};  // settings check() refuses; broken_invariant names it
  }
}

calc::LostWork InterconnectMachine::lost() const {
  return calc::lost_work(hours_run_, checkpoint_h_, gpus_);
}

Outcome InterconnectMachine::set_gpus(std::int64_t n) {
  if (n < 1) return Outcome::refuse("machine.interconnect.at_least_one_gpu_is");
  if (n > max_gpus_) {
    return Outcome::refuse(Message("machine.max_gpus").num("max", static_cast<double>(max_gpus_)));
  }
  if (!link_takes(link_, n)) return too_many_for(link_, n);
  gpus_ = n;
  return Outcome::done();
}

Outcome InterconnectMachine::set_link(const std::string& id) {
  const Catalog* c = interconnect_catalog();
  const LinkSpec* l = c ? c->link(id) : nullptr;
  if (!l || l->gb_per_s <= 0) {
    return Outcome::refuse(Message("machine.interconnect.no_link").text("id", id));
  }
  if (!link_takes(*l, gpus_)) return too_many_for(*l, gpus_);
  link_ = *l;
  return Outcome::done();
}

Outcome InterconnectMachine::set_checkpoint(double hours) {
  if (hours < 0) {
    return Outcome::refuse("machine.interconnect.the_interval_cannot_be_negative");
  }
  if (hours > max_checkpoint_h) {
    return Outcome::refuse("machine.interconnect.at_most_one_checkpoint_a");
  }
  checkpoint_h_ = hours;
  return Outcome::done();
}

Outcome InterconnectMachine::apply(const Action& action) {
  const std::string& op = action.op;
  if (op == "add_gpu") return set_gpus(gpus_ + 1);
  if (op == "remove_gpu") return set_gpus(gpus_ - 1);
  if (op == "double_gpus") return set_gpus(gpus_ * 2);
  if (op == "halve_gpus") {
    if (gpus_ == 1) return set_gpus(0);
    return set_gpus(gpus_ / 2);
  }
  if (op == "set_gpus" || op == "set_checkpoint") {
    auto n = action.integer("n");
    if (!n) return Outcome::refuse("machine.interconnect.the_number_n_is_missing");
    return op == "set_gpus" ? set_gpus(*n) : set_checkpoint(static_cast<double>(*n));
  }
  if (op == "set_link") return set_link(action.string("to"));
  if (op == "next_link") {
    const Catalog* c = interconnect_catalog();
    if (!c || c->links.empty()) return Outcome::refuse("machine.interconnect.there_are_no_links");
    std::size_t at = 0;
    while (at < c->links.size() && c->links[at].id != link_.id)
      ++at;
    for (std::size_t k = 1; k <= c->links.size(); ++k) {
      const LinkSpec& l = c->links[(at + k) % c->links.size()];
      if (l.gb_per_s > 0 && link_takes(l, gpus_)) {
        link_ = l;
        return Outcome::done();
      }
    }
    return Outcome::refuse("machine.interconnect.no_other_link_joins_this");
  }
  if (op == "checkpoint_more") {
    for (double h : ladder) {
      if (h > 0 && (checkpoint_h_ == 0 || h < checkpoint_h_)) return set_checkpoint(h);
    }
    return Outcome::refuse("machine.interconnect.you_already_save_every_hour");
  }
  if (op == "checkpoint_less") {
    if (checkpoint_h_ == 0) {
      return Outcome::refuse("machine.interconnect.there_are_no_checkpoints_already");
    }
    double next = 0;
    for (double h : ladder) {
      if (h > checkpoint_h_ && (next == 0 || h < next)) next = h;
    }
    return set_checkpoint(next);
  }
  return Outcome::refuse(Message("machine.no_action").text("op", op));
}

void InterconnectMachine::values(std::vector<double>& out) const {
  const calc::StepTime t = step();
  const calc::LostWork w = lost();
  out = {
      static_cast<double>(gpus_),
      static_cast<double>(max_gpus_),
      link_.gb_per_s,
      link_.latency_us,
      link_.max_gpus,
      calc::bytes_to_gb(query().gradient_bytes),
      t.compute_s,
      t.exchange_s,
      t.exchange_s / 3600,
      t.step_s,
      t.exchange_share,
      t.exchange_share * 100,
      t.useful_gpus,
      checkpoint_h_,
      hours_run_,
      w.hours,
      w.gpu_hours,
      w.at_crash,
  };
}

std::string InterconnectMachine::broken_invariant() const {
  if (gpus_ < 1 || gpus_ > max_gpus_) return "gpus left its limits";
  if (!link_takes(link_, gpus_)) return "the link joins more GPUs than it can";
  calc::StepTime t;
  try {
    t = calc::step_time(query());
  } catch (const calc::CalcError& e) {
    return std::string("the calculator refuses the machine's settings: ") + e.what();
  }
  if (!(t.compute_s > 0) || t.exchange_s < 0) return "a step's parts must be positive";
  if (std::abs(t.step_s - (t.compute_s + t.exchange_s)) > 1e-9 * t.step_s) {
    return "the step is not its math plus its exchange";
  }
  if ((gpus_ == 1) != (t.exchange_s == 0)) return "only a single GPU exchanges nothing";
  if (t.exchange_share < 0 || t.exchange_share >= 1) return "the exchange share left 0 to 1";
  if (t.useful_gpus > static_cast<double>(gpus_) * (1 + 1e-12)) {
    return "more useful GPUs than GPUs";
  }
  const calc::LostWork w = lost();
  if (w.hours > hours_run_ || (checkpoint_h_ > 0 && w.hours > checkpoint_h_)) {
    return "a crash lost more than the run or the interval";
  }
  return {};
}

}  // namespace lessonsim
