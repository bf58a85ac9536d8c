// The cluster picture's parts: the work and the cluster's speed, the days against the deadline,
// the failures and checkpoints on the run, and the days wasted. Only the run's days are always
// drawn: the rest fold away where a step does not speak of them (failures are taught late in
// the lesson; the work a model needs early).
#include "picture_parts.hpp"

namespace lessonsim {

std::vector<PicturePart> cluster_picture_parts() {
  return {
      {"compute",
       {"zettaflop", "cluster_pflops", "gpus", "tflops_per_gpu", "flops_per_param_token"},
       true},
      {"days", {"days", "deadline_days"}},
      {"run", {"failures", "hours_between_failures", "checkpoint_hours"}, true},
      {"waste",
       {"wasted_days", "lost_days", "writing_days", "best_checkpoint_hours", "min_wasted_days"},
       true},
  };
}

}  // namespace lessonsim
