// The batching picture's parts: the GPUs' memory (weights and the batch's KV cache), the time
// per token against the promise, and what a token costs.
#include "picture_parts.hpp"

namespace lessonsim {

std::vector<PicturePart> batching_picture_parts() {
  return {
      {"memory",
       {"memory_gb", "weights_gb", "kv_gb", "used_gb", "max_batch_fits", "gpus", "batch"}},
      {"latency", {"step_ms", "target_ms"}},
      {"cost", {"tokens_per_s_per_user", "tokens_per_s", "cost_per_million_usd"}},
  };
}

}  // namespace lessonsim
