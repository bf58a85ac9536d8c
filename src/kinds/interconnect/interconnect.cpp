#include "interconnect.hpp"

#include <cmath>

#include "lessonsim/calc/error.hpp"
#include "lessonsim/calc/model_state.hpp"
#include "lessonsim/calc/train_time.hpp"
#include "lessonsim/machine_table.hpp"
#include "lessonsim/messages.hpp"
#include "picture_parts.hpp"

namespace lessonsim {

namespace {

constexpr double interconnect_max_gpus = 100'000;
constexpr double max_checkpoint_h = 24 * 7;
// The intervals `checkpoint_more` and `checkpoint_less` step through; 0 is "never".
constexpr double ladder[] = {0, 24, 12, 6, 3, 1};

bool link_takes(const LinkSpec& link, std::int64_t gpus) {
  return link.max_gpus <= 0 || static_cast<double>(gpus) <= link.max_gpus;
}

Outcome too_many_for(const LinkSpec& link, std::int64_t gpus) {
  return Outcome::refuse(Message("machine.interconnect.too_many")
                             .text("link", link.name)
                             .num("max", link.max_gpus)
                             .num("n", static_cast<double>(gpus)));
}

constexpr const char* no_catalog = "needs the hardware catalog, which cannot be read";

}  // namespace

Message link_speed(double gb_per_s) {
  if (gb_per_s < 1) return Message("unit.mb_per_s").amount("mbps", gb_per_s * 1000);
  return Message("unit.gb_per_s").amount("gbps", gb_per_s);
}

Message link_latency(double us) {
  if (us < 1e3) return Message("unit.us").amount("us", us);
  if (us < 1e6) return Message("unit.ms").amount("ms", us / 1e3);
  return Message("unit.s").amount("s", us / 1e6);
}

const MachineSpec& interconnect_machine_spec() {
  static const MachineSpec spec =
      with_picture(InterconnectMachine::kind_table(), interconnect_picture_parts());
  return spec;
}

MachineSpec InterconnectMachine::kind_table() {
  using M = InterconnectMachine;
  using namespace table;
  auto count = [](const char* name, std::int64_t def, const char* what, auto f) {
    return field<M>({name, SettingType::integer, {1, interconnect_max_gpus}, {}, def, "", what}, f);
  };
  auto real = [](const char* name, SettingRange range, double def, const char* what, auto f) {
    return field<M>({name, SettingType::number, range, {}, def, "", what}, f);
  };
  auto var = [](const char* name, const char* unit, const char* what, auto f) {
    return table::number<M>(name, unit, what, f);
  };
  return {
      "interconnect",
      "A data-parallel training step as a timeline: every GPU computes its share of the batch, "
      "then a ring all-reduce exchanges the gradients over the chosen link (no overlap); and "
      "what a crash costs at worst with a checkpoint interval.",
      {
          {"params_b",
           SettingType::number,
           {0, 100'000, true},
           {},
           140,
           "",
           "the model's parameters, in billions (bf16 gradients: 2 bytes each)",
           store<M>([](M& m, double b) {
             m.params_ = std::max<std::int64_t>(1, std::llround(b * 1e9));
           }),
           load<M>([](const M& m) { return static_cast<double>(m.params_) / 1e9; })},
          {"tokens_per_step_m",
           SettingType::number,
           {0, 1'000'000, true},
           {},
           4,
           "",
           "the global batch, in millions of tokens",
           store<M>([](M& m, double v) {
             m.tokens_per_step_ = std::max<std::int64_t>(1, std::llround(v * 1e6));
           }),
           load<M>([](const M& m) { return static_cast<double>(m.tokens_per_step_) / 1e6; })},
          {"gpu",
           SettingType::choice,
           {},
           {},
           "h100-sxm",
           "",
           "a GPU id from assets/hardware.json (its bf16_tflops)",
           store<M>([](M& m, std::string id) { return m.select_gpu(id); }),
           load<M>([](const M& m) { return m.gpu_.id; })},
          real(
              "utilization", {0, 1, true}, 0.4,
              "the share of peak each GPU sustains, more than 0 and at most 1",
              [](auto& m) -> auto& { return m.utilization_; }),
          {"link",
           SettingType::choice,
           {},
           {},
           "infiniband-ndr",
           "",
           "a link id from assets/hardware.json",
           store<M>([](M& m, std::string id) { return m.select_link(id); }),
           load<M>([](const M& m) { return m.link_.id; })},
          count(
              "gpus", 128, "how many GPUs share the step",
              [](auto& m) -> auto& { return m.gpus_; }),
          count(
              "max_gpus", 4096, "the most GPUs the learner may use",
              [](auto& m) -> auto& { return m.max_gpus_; }),
          real(
              "hours_run", {0, 24 * 365}, 36, "hours the run has gone when it crashes",
              [](auto& m) -> auto& { return m.hours_run_; }),
          real(
              "checkpoint_h", {0, max_checkpoint_h}, 0, "hours between checkpoints; 0 for none",
              [](auto& m) -> auto& { return m.checkpoint_h_; }),
      },
      {
          var("gpus", "GPU", "how many GPUs share the step", [](const M& m) { return m.gpus_; }),
          var("max_gpus", "GPU", "the most GPUs the learner may use",
              [](const M& m) { return m.max_gpus_; }),
          var("link_gb_per_s", "", "the link's bandwidth per GPU, GB/s",
              [](const M& m) { return m.link_.gb_per_s; }),
          var("latency_us", "", "the link's latency per message, microseconds",
              [](const M& m) { return m.link_.latency_us; }),
          var("link_max_gpus", "", "the most GPUs the link joins (0: no limit)",
              [](const M& m) { return m.link_.max_gpus; }),
          var("gradient_gb", "GB", "one full set of gradients, GB",
              [](const M& m) { return calc::bytes_to_gb(m.query().gradient_bytes); }),
          var("compute_s", "s", "seconds of math per step, on each GPU",
              [](const M& m) { return m.step().compute_s; }),
          var("exchange_s", "s", "seconds of gradient exchange per step",
              [](const M& m) { return m.step().exchange_s; }),
          var("exchange_hours", "h", "the same in hours",
              [](const M& m) { return m.step().exchange_s / 3600; }),
          var("step_s", "s", "seconds per step: math + exchange",
              [](const M& m) { return m.step().step_s; }),
          var("exchange_share", "share", "exchange / step, 0 to 1",
              [](const M& m) { return m.step().exchange_share; }),
          var("exchange_pct", "%", "the same in percent",
              [](const M& m) { return m.step().exchange_share * 100; }),
          var("useful_gpus", "GPU", "GPUs' worth of useful work: gpus × math / step",
              [](const M& m) { return m.step().useful_gpus; }),
          var("checkpoint_h", "h", "hours between checkpoints (0: none)",
              [](const M& m) { return m.checkpoint_h_; }),
          var("hours_run", "h", "hours the run has gone when it crashes",
              [](const M& m) { return m.hours_run_; }),
          var("lost_hours", "h", "hours of work a crash loses at worst",
              [](const M& m) { return m.lost().hours; }),
          var("lost_gpu_hours", "", "the same times the GPUs: GPU-hours to redo",
              [](const M& m) { return m.lost().gpu_hours; }),
          var("crash_lost_hours", "h",
              "hours the crash at hours_run loses: since the last checkpoint before it",
              [](const M& m) { return m.lost().at_crash; }),
      },
      {
          {"add_gpu",
           {},
           "one more GPU",
           "+=",
           LocalizedText::of("machine.interconnect.add_a_gpu"),
           run<M>([](M& m) { return m.set_gpus(m.gpus_ + 1); })},
          {"remove_gpu",
           {},
           "one GPU fewer",
           "-_",
           LocalizedText::of("machine.interconnect.remove_a_gpu"),
           run<M>([](M& m) { return m.set_gpus(m.gpus_ - 1); })},
          {"double_gpus",
           {},
           "twice as many GPUs",
           "*",
           LocalizedText::of("machine.interconnect.double_the_gpus"),
           run<M>([](M& m) { return m.set_gpus(m.gpus_ * 2); })},
          {"halve_gpus",
           {},
           "half as many GPUs",
           "/",
           LocalizedText::of("machine.interconnect.halve_the_gpus"),
           run<M>([](M& m) { return m.set_gpus(m.gpus_ == 1 ? 0 : m.gpus_ / 2); })},
          {"set_gpus",
           {{"n", ActionParam::Kind::integer}},
           "exactly n GPUs",
           {},
           {},
           run<M>([](M& m, std::int64_t n) { return m.set_gpus(n); })},
          {"next_link",
           {},
           "the catalog's next link that can join this many GPUs",
           "lL",
           LocalizedText::of("machine.interconnect.change_the_link"),
           run<M>([](M& m) { return m.next_link(); })},
          {"set_link",
           {{"to", ActionParam::Kind::string}},
           "the link with this catalog id",
           {},
           {},
           run<M>([](M& m, std::string to) { return m.set_link(to); }, "to")},
          {"checkpoint_more",
           {},
           "checkpoints more often: never, 24, 12, 6, 3, 1 hours",
           "]",
           LocalizedText::of("machine.interconnect.checkpoint_more_often"),
           run<M>([](M& m) { return m.checkpoint_more(); })},
          {"checkpoint_less",
           {},
           "checkpoints less often",
           "[",
           LocalizedText::of("machine.interconnect.checkpoint_less_often"),
           run<M>([](M& m) { return m.checkpoint_less(); })},
          {"set_checkpoint",
           {{"n", ActionParam::Kind::integer}},
           "every n hours (0: never)",
           {},
           {},
           run<M>([](M& m, std::int64_t n) { return m.set_checkpoint(static_cast<double>(n)); })},
      },
      &make<M>,
  };
}

std::string InterconnectMachine::select_gpu(const std::string& id) {
  if (!hardware_) return no_catalog;
  const GpuSpec* g = hardware_->gpu(id);
  if (!g) return hardware_->no_gpu(id);
  if (g->bf16_tflops <= 0) return "\"" + id + "\" has no published bf16 TFLOP/s";
  gpu_ = *g;
  return {};
}

std::string InterconnectMachine::select_link(const std::string& id) {
  if (!hardware_) return no_catalog;
  const LinkSpec* l = hardware_->link(id);
  if (!l) return hardware_->no_link(id);
  if (l->gb_per_s <= 0) return "\"" + id + "\" has no bandwidth";
  link_ = *l;
  return {};
}

InterconnectMachine::InterconnectMachine(const MachineContext& context)
    : hardware_(context.hardware) {
  apply_defaults();
}

std::string InterconnectMachine::check() const {
  if (!hardware_) return no_catalog;
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
  const LinkSpec* l = hardware_ ? hardware_->link(id) : nullptr;
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

Outcome InterconnectMachine::next_link() {
  const Catalog* c = hardware_.get();
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

Outcome InterconnectMachine::checkpoint_more() {
  for (double h : ladder) {
    if (h > 0 && (checkpoint_h_ == 0 || h < checkpoint_h_)) return set_checkpoint(h);
  }
  return Outcome::refuse("machine.interconnect.you_already_save_every_hour");
}

Outcome InterconnectMachine::checkpoint_less() {
  if (checkpoint_h_ == 0) {
    return Outcome::refuse("machine.interconnect.there_are_no_checkpoints_already");
  }
  double next = 0;
  for (double h : ladder) {
    if (h > checkpoint_h_ && (next == 0 || h < next)) next = h;
  }
  return set_checkpoint(next);
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
