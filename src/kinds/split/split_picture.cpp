// The split picture's parts: the model with its cuts and chip ticks, and the row of GPUs.
#include "picture_parts.hpp"

namespace lessonsim {

std::vector<PicturePart> split_picture_parts() {
  return {
      {"model", {"model_gb", "slices", "slice_gb"}},
      // The ticks under the model mark every GPU's worth of memory: they count min_gpus, so they
      // are drawn on the steps that speak of it.
      {"ticks", {"min_gpus"}, true},
      {"gpus", {"gpus", "gpu_memory_gb", "max_load_gb", "overflow_gb", "idle_gpus"}},
  };
}

}  // namespace lessonsim
