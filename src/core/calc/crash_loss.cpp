#include "lessonsim/calc/crash_loss.hpp"

#include <algorithm>
#include <cmath>

#include "lessonsim/calc/error.hpp"

namespace lessonsim::calc {

LostWork lost_work(double hours_run, double interval_hours, std::int64_t gpus) {
  if (!std::isfinite(hours_run) || hours_run < 0) {
    throw CalcError("the hours run so far cannot be negative");
  }
  if (!std::isfinite(interval_hours) || interval_hours < 0) {
    throw CalcError("the checkpoint interval cannot be negative (0 means no checkpoints)");
  }
  if (gpus < 1) throw CalcError("a run needs at least 1 GPU");
  LostWork w;
  w.hours = interval_hours == 0 ? hours_run : std::min(hours_run, interval_hours);
  w.gpu_hours = w.hours * static_cast<double>(gpus);
  w.at_crash = interval_hours == 0
                   ? hours_run
                   : hours_run - std::floor(hours_run / interval_hours) * interval_hours;
  return w;
}

}  // namespace lessonsim::calc
