#include "lessonsim/calc/checkpoint.hpp"

#include <cmath>
#include <string>

#include "lessonsim/calc/error.hpp"

namespace lessonsim::calc {

namespace {

void positive(double v, const char* what) {
  if (!std::isfinite(v) || v <= 0) throw CalcError(std::string(what) + " must be more than 0");
}

}  // namespace

CheckpointCost checkpoint_cost(const CheckpointQuery& q) {
  positive(q.run_hours, "the run's length in hours");
  if (q.gpus < 1) throw CalcError("the run needs at least 1 GPU");
  positive(q.gpu_hours_per_failure, "the GPU-hours between failures");
  positive(q.interval_hours, "the checkpoint interval");
  if (!std::isfinite(q.write_hours) || q.write_hours < 0) {
    throw CalcError("the time to write a checkpoint must be 0 or more");
  }
  CheckpointCost c;
  c.hours_between_failures = q.gpu_hours_per_failure / static_cast<double>(q.gpus);
  c.failures = q.run_hours / c.hours_between_failures;
  c.lost_hours = c.failures * q.interval_hours / 2.0;
  c.checkpoints = q.run_hours / q.interval_hours;
  c.writing_hours = c.checkpoints * q.write_hours;
  c.wasted_hours = c.lost_hours + c.writing_hours;
  return c;
}

double best_checkpoint_interval_hours(double write_hours, double hours_between_failures) {
  positive(write_hours, "the time to write a checkpoint");
  positive(hours_between_failures, "the hours between failures");
  return std::sqrt(2.0 * write_hours * hours_between_failures);
}

}  // namespace lessonsim::calc
