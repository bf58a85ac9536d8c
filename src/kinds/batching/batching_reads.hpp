// The batching machine's variables that its canvas, layout and terminal drawing read,
// resolved when they register (see view_reads.hpp).
#pragma once

#include "batching.hpp"
#include "view_reads.hpp"

namespace lessonsim {

using BatchingReads =
    Reads<batching_machine_spec, "memory_gb", "weights_gb", "kv_gb", "step_ms", "target_ms", "gpus",
          "batch", "max_batch_fits", "fits", "used_gb", "meets_target", "tokens_per_s_per_user",
          "tokens_per_s", "cost_per_million_usd", "near_best">;

}  // namespace lessonsim
