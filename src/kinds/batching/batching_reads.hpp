// The batching machine's variables that its canvas, layout and terminal drawing read,
// resolved when they register (see view_reads.hpp).
#pragma once

#include "batching.hpp"
#include "view_reads.hpp"

namespace lessonsim {

struct BatchingReads : KindReads<BatchingReads, batching_machine_spec> {
  Handle memory_gb = var("memory_gb");
  Handle weights_gb = var("weights_gb");
  Handle kv_gb = var("kv_gb");
  Handle step_ms = var("step_ms");
  Handle target_ms = var("target_ms");
  Handle gpus = var("gpus");
  Handle batch = var("batch");
  Handle max_batch_fits = var("max_batch_fits");
  Handle fits = var("fits");
  Handle used_gb = var("used_gb");
  Handle meets_target = var("meets_target");
  Handle tokens_per_s_per_user = var("tokens_per_s_per_user");
  Handle tokens_per_s = var("tokens_per_s");
  Handle cost_per_million_usd = var("cost_per_million_usd");
};

}  // namespace lessonsim
