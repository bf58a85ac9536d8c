// The cluster machine's variables that its canvas, layout and terminal drawing read,
// resolved when they register (see view_reads.hpp).
#pragma once

#include "cluster.hpp"
#include "view_reads.hpp"

namespace lessonsim {

using ClusterReads =
    Reads<cluster_machine_spec, "params_b", "tokens_b", "tflops_per_gpu", "recompute", "gpus",
          "days", "deadline_days", "wasted_days", "zettaflop", "flops_per_param_token",
          "cluster_pflops", "failures", "hours_between_failures", "checkpoint_hours", "lost_days",
          "writing_days", "best_checkpoint_hours", "min_wasted_days">;

}  // namespace lessonsim
