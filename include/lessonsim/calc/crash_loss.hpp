// What one crash costs at worst: the work since the last checkpoint is lost and must be redone.
#pragma once

#include <cstdint>

namespace lessonsim::calc {

// A run that has gone `hours_run` hours saves a checkpoint every `interval_hours` (0: never).
// At worst the crash comes just before the next checkpoint: the whole interval is lost, or the
// whole run so far when there are no checkpoints (or the first one is still ahead).
struct LostWork {
  double hours = 0;      // wall-clock hours to redo
  double gpu_hours = 0;  // hours × GPUs: what the redo costs
  double at_crash = 0;   // what the crash at `hours_run` loses: since the last checkpoint before it
};

// Throws CalcError for negative hours, a negative interval or no GPUs.
LostWork lost_work(double hours_run, double interval_hours, std::int64_t gpus);

}  // namespace lessonsim::calc
