// The cluster machine's variables that its canvas, layout and terminal drawing read,
// resolved when they register (see view_reads.hpp).
#pragma once

#include "cluster.hpp"
#include "view_reads.hpp"

namespace lessonsim {

struct ClusterReads : KindReads<ClusterReads, cluster_machine_spec> {
  Handle params_b = var("params_b");
  Handle tokens_b = var("tokens_b");
  Handle tflops_per_gpu = var("tflops_per_gpu");
  Handle recompute = var("recompute");
  Handle gpus = var("gpus");
  Handle days = var("days");
  Handle deadline_days = var("deadline_days");
  Handle wasted_days = var("wasted_days");
  Handle zettaflop = var("zettaflop");
  Handle flops_per_param_token = var("flops_per_param_token");
  Handle cluster_pflops = var("cluster_pflops");
  Handle failures = var("failures");
  Handle hours_between_failures = var("hours_between_failures");
  Handle checkpoint_hours = var("checkpoint_hours");
  Handle lost_days = var("lost_days");
  Handle writing_days = var("writing_days");
  Handle best_checkpoint_hours = var("best_checkpoint_hours");
  Handle min_wasted_days = var("min_wasted_days");
};

}  // namespace lessonsim
