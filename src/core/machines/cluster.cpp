#include "lessonsim/machines/cluster.hpp"

#include <cmath>

#include "machines/setting_readers.hpp"

namespace lessonsim {

namespace {

constexpr std::int64_t hard_max_gpus = 1'000'000;
constexpr std::int64_t max_count = 1'000'000'000'000'000;  // 10^15 parameters or tokens
constexpr std::int64_t max_tflops = 100'000;
constexpr std::int64_t max_interval_minutes = 7 * 24 * 60;

std::unique_ptr<Machine> create_cluster() {
  return std::make_unique<ClusterMachine>();
}

}  // namespace

const MachineSpec& cluster_machine_spec() {
  static const MachineSpec spec{
      "cluster",
      "A training run: GPUs × sustained FLOP/s against k·P·T FLOPs, and failures between "
      "checkpoints.",
      {
          {"params", "the model's parameters (a whole number, e.g. 175000000000)"},
          {"tokens", "the training tokens"},
          {"gpus", "how many GPUs train it"},
          {"tflops", "each GPU's sustained TFLOP/s (not its peak)"},
          {"recompute", "true: activation recomputation, 8·P·T FLOPs instead of 6·P·T"},
          {"deadline_days", "the days the run should take at most"},
          {"gpu_hours_per_failure", "GPU-hours between two failures somewhere in the cluster"},
          {"checkpoint_minutes", "minutes between two checkpoints"},
          {"checkpoint_write_minutes", "minutes training pauses to write one checkpoint"},
          {"max_gpus", "the most GPUs the learner may use (at most 1,000,000)"},
      },
      {
          {"params_b", ValueType::number, "parameters, in billions"},
          {"tokens_b", ValueType::number, "training tokens, in billions"},
          {"gpus", ValueType::number, "how many GPUs train"},
          {"tflops_per_gpu", ValueType::number, "each GPU's sustained TFLOP/s"},
          {"recompute", ValueType::boolean, "activation recomputation is on"},
          {"flops_per_param_token", ValueType::number, "k: 6, or 8 with recomputation"},
          {"zettaflop", ValueType::number, "the compute the run needs, k·P·T, in 10^21 FLOP"},
          {"cluster_pflops", ValueType::number, "the whole cluster's sustained PFLOP/s"},
          {"days", ValueType::number, "days of computing, without failures"},
          {"deadline_days", ValueType::number, "the days the run should take at most"},
          {"meets_deadline", ValueType::boolean, "days <= deadline_days"},
          {"half_meets", ValueType::boolean, "half as many GPUs would still meet the deadline"},
          {"hours_between_failures", ValueType::number, "hours between two failures of the job"},
          {"failures", ValueType::number, "failures expected during the run"},
          {"checkpoint_hours", ValueType::number, "hours between two checkpoints"},
          {"lost_days", ValueType::number, "work redone after failures: half an interval each"},
          {"writing_days", ValueType::number, "time spent writing checkpoints"},
          {"wasted_days", ValueType::number, "lost_days + writing_days"},
          {"best_checkpoint_hours", ValueType::number, "Young's interval, the least waste"},
          {"min_wasted_days", ValueType::number, "the waste at Young's interval"},
          {"max_gpus", ValueType::number, "the most GPUs the learner may use"},
      },
      {
          {"set_gpus", {{"n", ActionParam::Kind::integer}}, "exactly n GPUs"},
          {"double_gpus",
           {},
           "twice as many GPUs",
           "*+=",
           LocalizedText::of("machine.cluster.double_the_gpus")},
          {"halve_gpus",
           {},
           "half as many GPUs",
           "/-_",
           LocalizedText::of("machine.cluster.halve_the_gpus")},
          {"set_tflops", {{"n", ActionParam::Kind::integer}}, "each GPU sustains n TFLOP/s"},
          {"recompute_on",
           {},
           "recompute activations: 8·P·T",
           "r",
           LocalizedText::of("machine.cluster.recompute_activations_on")},
          {"recompute_off",
           {},
           "keep activations: 6·P·T",
           "R",
           LocalizedText::of("machine.cluster.recompute_activations_off")},
          {"set_checkpoint_minutes",
           {{"n", ActionParam::Kind::integer}},
           "a checkpoint every n minutes"},
          {"checkpoint_more_often",
           {},
           "halve the checkpoint interval",
           "]",
           LocalizedText::of("machine.cluster.checkpoint_more_often")},
          {"checkpoint_less_often",
           {},
           "double the checkpoint interval",
           "[",
           LocalizedText::of("machine.cluster.checkpoint_less_often")},
      },
      &create_cluster,
  };
  return spec;
}

std::string ClusterMachine::set(std::string_view name, const nlohmann::json& value) {
  using namespace machines;
  if (name == "params") return read_integer(value, 1, max_count, params_);
  if (name == "tokens") return read_integer(value, 1, max_count, tokens_);
  if (name == "gpus") return read_integer(value, 1, hard_max_gpus, gpus_);
  if (name == "tflops") return read_real(value, 0.001, max_tflops, tflops_);
  if (name == "recompute") return read_flag(value, recompute_);
  if (name == "deadline_days") return read_real(value, 0.001, 1e6, deadline_days_);
  if (name == "gpu_hours_per_failure") return read_real(value, 1, 1e12, gpu_hours_per_failure_);
  if (name == "checkpoint_minutes") {
    return read_integer(value, 1, max_interval_minutes, checkpoint_minutes_);
  }
  if (name == "checkpoint_write_minutes") return read_real(value, 0.001, 600, write_minutes_);
  if (name == "max_gpus") return read_integer(value, 1, hard_max_gpus, max_gpus_);
  return "is not a setting of the cluster machine";
}

std::string ClusterMachine::check() const {
  if (gpus_ > max_gpus_) {
    return "gpus (" + std::to_string(gpus_) + ") is more than max_gpus (" +
           std::to_string(max_gpus_) + ")";
  }
  return {};
}

nlohmann::json ClusterMachine::settings() const {
  return {{"params", params_},
          {"tokens", tokens_},
          {"gpus", gpus_},
          {"tflops", tflops_},
          {"recompute", recompute_},
          {"deadline_days", deadline_days_},
          {"gpu_hours_per_failure", gpu_hours_per_failure_},
          {"checkpoint_minutes", checkpoint_minutes_},
          {"checkpoint_write_minutes", write_minutes_},
          {"max_gpus", max_gpus_}};
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

Outcome ClusterMachine::apply(const Action& action) {
  const std::string& op = action.op;
  if (op == "double_gpus") return set_gpus(gpus_ > max_gpus_ / 2 ? max_gpus_ + 1 : gpus_ * 2);
  if (op == "halve_gpus") return set_gpus(gpus_ / 2);
  if (op == "recompute_on" || op == "recompute_off") {
    recompute_ = op == "recompute_on";
    return Outcome::done();
  }
  if (op == "checkpoint_more_often") return set_interval(checkpoint_minutes_ / 2);
  if (op == "checkpoint_less_often") return set_interval(checkpoint_minutes_ * 2);
  if (op == "set_gpus" || op == "set_tflops" || op == "set_checkpoint_minutes") {
    auto n = action.integer("n");
    if (!n) return Outcome::refuse("machine.cluster.the_number_n_is_missing");
    if (op == "set_gpus") return set_gpus(*n);
    if (op == "set_tflops") return set_tflops(*n);
    return set_interval(*n);
  }
  return Outcome::refuse(Message("machine.no_action").text("op", op));
}

void ClusterMachine::values(std::vector<double>& out) const {
  const calc::TrainTime t = time();
  const calc::CheckpointCost f = failures();
  bool half_meets = false;
  if (gpus_ >= 2) {
    half_meets = calc::train_time({params_, tokens_, gpus_ / 2, tflops_ * 1e12, recompute_}).days <=
                 deadline_days_;
  }
  const double best =
      calc::best_checkpoint_interval_hours(write_minutes_ / 60.0, f.hours_between_failures);
  const calc::CheckpointCost at_best = calc::checkpoint_cost(
      {t.seconds / 3600.0, gpus_, gpu_hours_per_failure_, best, write_minutes_ / 60.0});
  out = {
      static_cast<double>(params_) / 1e9,
      static_cast<double>(tokens_) / 1e9,
      static_cast<double>(gpus_),
      tflops_,
      recompute_ ? 1.0 : 0.0,
      static_cast<double>(calc::flops_per_param_token(recompute_)),
      t.flops / 1e21,
      static_cast<double>(gpus_) * tflops_ / 1000.0,
      t.days,
      deadline_days_,
      t.days <= deadline_days_ ? 1.0 : 0.0,
      half_meets ? 1.0 : 0.0,
      f.hours_between_failures,
      f.failures,
      static_cast<double>(checkpoint_minutes_) / 60.0,
      f.lost_hours / 24.0,
      f.writing_hours / 24.0,
      f.wasted_hours / 24.0,
      best,
      at_best.wasted_hours / 24.0,
      static_cast<double>(max_gpus_),
  };
}

std::string ClusterMachine::broken_invariant() const {
  if (gpus_ < 1 || gpus_ > max_gpus_) return "gpus left its limits";
  if (checkpoint_minutes_ < 1 || checkpoint_minutes_ > max_interval_minutes) {
    return "the checkpoint interval left its limits";
  }
  std::vector<double> v;
  values(v);
  const double flops = v[6] * 1e21;
  const double rate = static_cast<double>(gpus_) * tflops_ * 1e12;
  if (std::fabs(v[8] * 86400 * rate - flops) > 1e-9 * flops) {
    return "days × GPUs × FLOP/s is not the compute the run needs";
  }
  if ((v[10] != 0) != (v[8] <= deadline_days_)) return "meets_deadline disagrees with days";
  if (v[11] != 0 && v[10] == 0) return "half the GPUs meet a deadline the whole cluster misses";
  if (std::fabs(v[17] - v[15] - v[16]) > 1e-9 * (1 + v[17])) {
    return "wasted_days is not lost_days + writing_days";
  }
  if (v[19] > v[17] * (1 + 1e-9)) return "Young's interval wastes more than the chosen one";
  return {};
}

}  // namespace lessonsim
