#include "cluster.hpp"

#include <cmath>

#include "gpu_count_actions.hpp"
#include "lessonsim/machine_table.hpp"
#include "picture_parts.hpp"

namespace lessonsim {

namespace {

constexpr double cluster_max_gpus = 1'000'000;
constexpr double max_count = 1e15;  // 10^15 parameters or tokens
constexpr double max_tflops = 100'000;
constexpr double max_interval_minutes = 7 * 24 * 60;

}  // namespace

const MachineSpec& cluster_machine_spec() {
  static const MachineSpec spec =
      with_picture(ClusterMachine::kind_table(), cluster_picture_parts());
  return spec;
}

MachineSpec ClusterMachine::kind_table() {
  using M = ClusterMachine;
  using namespace table;
  const GpuCount<M> gpus{&M::set_gpus, &M::gpus_, &M::max_gpus_};
  auto setting = [](const char* name, SettingType type, SettingRange range, nlohmann::json def,
                    const char* what, auto f) {
    return field<M>({name, type, range, {}, std::move(def), "", what}, f);
  };
  constexpr auto integer = SettingType::integer;
  constexpr auto number = SettingType::number;
  auto var = [](const char* name, const char* unit, const char* what, auto f) {
    return table::number<M>(name, unit, what, f);
  };
  auto flag = [](const char* name, const char* what, auto f) {
    return table::boolean<M>(name, what, f);
  };
  return {
      "cluster",
      "A training run: GPUs × sustained FLOP/s against k·P·T FLOPs, and failures between "
      "checkpoints.",
      {
          setting(
              "params", integer, {1, max_count}, 175'000'000'000,
              "the model's parameters (a whole number, e.g. 175000000000)",
              [](auto& m) -> auto& { return m.params_; }),
          setting(
              "tokens", integer, {1, max_count}, 300'000'000'000, "the training tokens",
              [](auto& m) -> auto& { return m.tokens_; }),
          setting(
              "gpus", integer, {1, cluster_max_gpus}, 1024, "how many GPUs train it",
              [](auto& m) -> auto& { return m.gpus_; }),
          setting(
              "tflops", number, {0.001, max_tflops}, 140,
              "each GPU's sustained TFLOP/s (not its peak)",
              [](auto& m) -> auto& { return m.tflops_; }),
          setting(
              "recompute", SettingType::boolean, {}, true,
              "true: activation recomputation, 8·P·T FLOPs instead of 6·P·T",
              [](auto& m) -> auto& { return m.recompute_; }),
          setting(
              "deadline_days", number, {0.001, 1e6}, 35, "the days the run should take at most",
              [](auto& m) -> auto& { return m.deadline_days_; }),
          setting(
              "gpu_hours_per_failure", number, {1, 1e12}, 50'000,
              "GPU-hours between two failures somewhere in the cluster",
              [](auto& m) -> auto& { return m.gpu_hours_per_failure_; }),
          setting(
              "checkpoint_minutes", integer, {1, max_interval_minutes}, 24 * 60,
              "minutes between two checkpoints",
              [](auto& m) -> auto& { return m.checkpoint_minutes_; }),
          setting(
              "checkpoint_write_minutes", number, {0.001, 600}, 6,
              "minutes training pauses to write one checkpoint",
              [](auto& m) -> auto& { return m.write_minutes_; }),
          setting(
              "max_gpus", integer, {1, cluster_max_gpus}, 16384,
              "the most GPUs the learner may use (at most 1,000,000)",
              [](auto& m) -> auto& { return m.max_gpus_; }),
      },
      {
          var("params_b", "", "parameters, in billions",
              [](const M& m) { return static_cast<double>(m.params_) / 1e9; }),
          var("tokens_b", "", "training tokens, in billions",
              [](const M& m) { return static_cast<double>(m.tokens_) / 1e9; }),
          var("gpus", "GPU", "how many GPUs train", [](const M& m) { return m.gpus_; }),
          var("tflops_per_gpu", "", "each GPU's sustained TFLOP/s",
              [](const M& m) { return m.tflops_; }),
          flag("recompute", "activation recomputation is on",
               [](const M& m) { return m.recompute_; }),
          var("flops_per_param_token", "", "k: 6, or 8 with recomputation",
              [](const M& m) { return calc::flops_per_param_token(m.recompute_); }),
          var("zettaflop", "ZFLOP", "the compute the run needs, k·P·T, in 10^21 FLOP",
              [](const M& m) { return m.time().flops / 1e21; }),
          var("cluster_pflops", "", "the whole cluster's sustained PFLOP/s",
              [](const M& m) { return static_cast<double>(m.gpus_) * m.tflops_ / 1000.0; }),
          var("days", "days", "days of computing, without failures",
              [](const M& m) { return m.time().days; }),
          var("deadline_days", "days", "the days the run should take at most",
              [](const M& m) { return m.deadline_days_; }),
          flag("meets_deadline", "days <= deadline_days",
               [](const M& m) { return m.time().days <= m.deadline_days_; }),
          flag("half_meets", "half as many GPUs would still meet the deadline",
               [](const M& m) { return m.half_meets(); }),
          var("hours_between_failures", "h", "hours between two failures of the job",
              [](const M& m) { return m.failures().hours_between_failures; }),
          var("failures", "", "failures expected during the run",
              [](const M& m) { return m.failures().failures; }),
          var("checkpoint_hours", "h", "hours between two checkpoints",
              [](const M& m) { return static_cast<double>(m.checkpoint_minutes_) / 60.0; }),
          var("lost_days", "days", "work redone after failures: half an interval each",
              [](const M& m) { return m.failures().lost_hours / 24.0; }),
          var("writing_days", "days", "time spent writing checkpoints",
              [](const M& m) { return m.failures().writing_hours / 24.0; }),
          var("wasted_days", "days", "lost_days + writing_days",
              [](const M& m) { return m.failures().wasted_hours / 24.0; }),
          var("best_checkpoint_hours", "h", "Young's interval, the least waste",
              [](const M& m) { return m.best_interval_hours(); }),
          var("min_wasted_days", "days", "the waste at Young's interval",
              [](const M& m) {
                return calc::checkpoint_cost({m.time().seconds / 3600.0, m.gpus_,
                                              m.gpu_hours_per_failure_, m.best_interval_hours(),
                                              m.write_minutes_ / 60.0})
                           .wasted_hours /
                       24.0;
              }),
          var("max_gpus", "GPU", "the most GPUs the learner may use",
              [](const M& m) { return m.max_gpus_; }),
      },
      {
          gpus.exactly(),
          gpus.twice(),
          gpus.half(),
          {"set_tflops",
           {{"n", ActionParam::Kind::integer}},
           "each GPU sustains n TFLOP/s",
           {},
           {},
           run<M>([](M& m, std::int64_t n) { return m.set_tflops(n); })},
          {"recompute_on",
           {},
           "recompute activations: 8·P·T",
           "r",
           LocalizedText::of("machine.cluster.recompute_activations_on"),
           run<M>([](M& m) { return m.set_recompute(true); })},
          {"recompute_off",
           {},
           "keep activations: 6·P·T",
           "R",
           LocalizedText::of("machine.cluster.recompute_activations_off"),
           run<M>([](M& m) { return m.set_recompute(false); })},
          {"set_checkpoint_minutes",
           {{"n", ActionParam::Kind::integer}},
           "a checkpoint every n minutes",
           {},
           {},
           run<M>([](M& m, std::int64_t n) { return m.set_interval(n); })},
          {"checkpoint_more_often",
           {},
           "halve the checkpoint interval",
           "]",
           LocalizedText::of("machine.cluster.checkpoint_more_often"),
           run<M>([](M& m) { return m.set_interval(m.checkpoint_minutes_ / 2); })},
          {"checkpoint_less_often",
           {},
           "double the checkpoint interval",
           "[",
           LocalizedText::of("machine.cluster.checkpoint_less_often"),
           run<M>([](M& m) { return m.set_interval(m.checkpoint_minutes_ * 2); })},
      },
      &make<M>,
  };
}

bool ClusterMachine::half_meets() const {
  if (gpus_ < 2) return false;
  return calc::train_time({params_, tokens_, gpus_ / 2, tflops_ * 1e12, recompute_}).days <=
         deadline_days_;
}

double ClusterMachine::best_interval_hours() const {
  return calc::best_checkpoint_interval_hours(write_minutes_ / 60.0,
                                              failures().hours_between_failures);
}

Outcome ClusterMachine::set_recompute(bool on) {
  recompute_ = on;
  return Outcome::done();
}

std::string ClusterMachine::check() const {
  if (gpus_ > max_gpus_) {
    return "gpus (" + std::to_string(gpus_) + ") is more than max_gpus (" +
           std::to_string(max_gpus_) + ")";
  }
  return {};
}

calc::TrainTime ClusterMachine::time() const {
  return calc::train_time({params_, tokens_, gpus_, tflops_ * 1e12, recompute_});
}

calc::CheckpointCost ClusterMachine::failures() const {
  return calc::checkpoint_cost({time().seconds / 3600.0, gpus_, gpu_hours_per_failure_,
                                static_cast<double>(checkpoint_minutes_) / 60.0,
                                write_minutes_ / 60.0});
}

Outcome ClusterMachine::set_gpus(std::int64_t n) {
  if (n < 1) return Outcome::refuse("machine.cluster.at_least_one_gpu_is");
  if (n > max_gpus_) {
    return Outcome::refuse(
        Message("machine.cluster.max_gpus").num("max", static_cast<double>(max_gpus_)));
  }
  gpus_ = n;
  return Outcome::done();
}

Outcome ClusterMachine::set_tflops(std::int64_t n) {
  if (n < 1 || n > max_tflops) {
    return Outcome::refuse("machine.cluster.each_gpu_sustains_between_1");
  }
  tflops_ = static_cast<double>(n);
  return Outcome::done();
}

Outcome ClusterMachine::set_interval(std::int64_t minutes) {
  if (minutes < 1) {
    return Outcome::refuse("machine.cluster.a_checkpoint_more_often_than");
  }
  if (minutes > max_interval_minutes) {
    return Outcome::refuse("machine.cluster.at_most_a_week_between");
  }
  checkpoint_minutes_ = minutes;
  return Outcome::done();
}

std::string ClusterMachine::broken_invariant() const {
  if (gpus_ < 1 || gpus_ > max_gpus_) return "gpus left its limits";
  if (checkpoint_minutes_ < 1 || checkpoint_minutes_ > max_interval_minutes) {
    return "the checkpoint interval left its limits";
  }
  auto v = [this](std::string_view name) { return VariableHandle(spec(), name)(*this); };
  const double flops = v("zettaflop") * 1e21;
  const double rate = static_cast<double>(gpus_) * tflops_ * 1e12;
  const double days = v("days"), wasted = v("wasted_days");
  if (std::fabs(days * 86400 * rate - flops) > 1e-9 * flops) {
    return "days × GPUs × FLOP/s is not the compute the run needs";
  }
  const bool meets = v("meets_deadline") != 0;
  if (meets != (days <= deadline_days_)) return "meets_deadline disagrees with days";
  if (v("half_meets") != 0 && !meets)
    return "half the GPUs meet a deadline the whole cluster misses";
  if (std::fabs(wasted - v("lost_days") - v("writing_days")) > 1e-9 * (1 + wasted)) {
    return "wasted_days is not lost_days + writing_days";
  }
  if (v("min_wasted_days") > wasted * (1 + 1e-9)) {
    return "Young's interval wastes more than the chosen one";
  }
  return {};
}

}  // namespace lessonsim
