// The interconnect machine's variables that its canvas, layout and terminal drawing read,
// resolved when they register (see view_reads.hpp).
#pragma once

#include "interconnect.hpp"
#include "view_reads.hpp"

namespace lessonsim {

struct InterconnectReads : KindReads<InterconnectReads, interconnect_machine_spec> {
  Handle compute_s = var("compute_s");
  Handle exchange_s = var("exchange_s");
  Handle step_s = var("step_s");
  Handle exchange_share = var("exchange_share");
  Handle gpus = var("gpus");
  Handle useful_gpus = var("useful_gpus");
  Handle hours_run = var("hours_run");
  Handle checkpoint_h = var("checkpoint_h");
  Handle lost_hours = var("lost_hours");
  Handle crash_lost_hours = var("crash_lost_hours");
  Handle link_gb_per_s = var("link_gb_per_s");
  Handle latency_us = var("latency_us");
  Handle exchange_pct = var("exchange_pct");
  Handle lost_gpu_hours = var("lost_gpu_hours");
};

}  // namespace lessonsim
