// The interconnect picture's parts: one training step as a timeline (math, then the gradient
// exchange over the link), the useful work of the GPUs, and what a crash throws away.
#include "picture_parts.hpp"

namespace lessonsim {

std::vector<PicturePart> interconnect_picture_parts() {
  return {
      {"step",
       {"compute_s", "exchange_s", "step_s", "exchange_share", "exchange_pct", "link_gb_per_s",
        "latency_us"}},
      {"useful", {"useful_gpus"}},
      // The run and its crash: a screen of its own (hours, not seconds), where a step reads it.
      {"crash",
       {"checkpoint_h", "hours_run", "lost_hours", "crash_lost_hours", "lost_gpu_hours"},
       true},
  };
}

}  // namespace lessonsim
