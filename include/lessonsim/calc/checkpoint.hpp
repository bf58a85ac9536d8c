// Failures in a long training run: how much work they throw away, and how often to checkpoint.
#pragma once

#include <cstdint>

namespace lessonsim::calc {

// A run of `run_hours` on `gpus` GPUs, where some part fails on average once every
// `gpu_hours_per_failure` GPU-hours, so the whole job stops once every gpu_hours_per_failure /
// gpus hours (failures independent, at a constant rate). Every `interval_hours` the job pauses
// `write_hours` to save a checkpoint; a failure loses the work since the last one, on average
// half an interval. First-order model (Young 1974, "A first order approximation to the optimum
// checkpoint interval"): the time lost to failures is not itself charged more failures.
struct CheckpointQuery {
  double run_hours = 0;
  std::int64_t gpus = 0;
  double gpu_hours_per_failure = 0;
  double interval_hours = 0;
  double write_hours = 0;
};

struct CheckpointCost {
  double hours_between_failures = 0;  // gpu_hours_per_failure / gpus
  double failures = 0;                // expected over the run
  double lost_hours = 0;              // failures × interval / 2
  double checkpoints = 0;             // run_hours / interval
  double writing_hours = 0;           // checkpoints × write time
  double wasted_hours = 0;            // lost + writing
};

// Throws CalcError for a run, GPU count, failure spacing or interval that is not > 0, or a
// negative write time.
CheckpointCost checkpoint_cost(const CheckpointQuery& q);

// Young's optimum: the interval that minimises lost + writing time, sqrt(2 × write × MTBF),
// with MTBF the hours between failures of the whole job.
double best_checkpoint_interval_hours(double write_hours, double hours_between_failures);

}  // namespace lessonsim::calc
