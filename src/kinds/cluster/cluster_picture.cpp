// The cluster picture's parts: the work and the cluster's speed, the days against the deadline,
// the run with its failures and checkpoints, and the days wasted.
#include "picture_parts.hpp"

namespace lessonsim {

std::vector<PicturePart> cluster_picture_parts() {
  return {
      {"compute",
       {"zettaflop", "cluster_pflops", "gpus", "tflops_per_gpu", "flops_per_param_token"}},
      {"days", {"days", "deadline_days"}},
      {"run", {"failures", "hours_between_failures", "checkpoint_hours"}},
      {"waste",
       {"wasted_days", "lost_days", "writing_days", "best_checkpoint_hours", "min_wasted_days"}},
  };
}

}  // namespace lessonsim
