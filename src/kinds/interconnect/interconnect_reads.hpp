// The interconnect machine's variables that its canvas, layout and terminal drawing read,
// resolved when they register (see view_reads.hpp).
#pragma once

#include "interconnect.hpp"
#include "view_reads.hpp"

namespace lessonsim {

using InterconnectReads =
    Reads<interconnect_machine_spec, "compute_s", "exchange_s", "step_s", "exchange_share", "gpus",
          "useful_gpus", "hours_run", "checkpoint_h", "lost_hours", "crash_lost_hours",
          "link_gb_per_s", "latency_us", "exchange_pct", "lost_gpu_hours">;

}  // namespace lessonsim
