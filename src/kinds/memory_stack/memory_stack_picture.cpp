// The memory-stack picture's parts: the serving and training copies, and one GPU's memory.
#include "picture_parts.hpp"

namespace lessonsim {

std::vector<PicturePart> memory_stack_picture_parts() {
  return {
      {"serving", {"serve_gb"}},
      {"training",
       {"train_gb", "train_tb", "weights_gb", "gradients_gb", "optimizer_gb", "activations_gb"}},
      {"gpu", {"gpus", "gpu_memory_gb", "total_gb", "overflow_gb", "free_gb"}},
  };
}

}  // namespace lessonsim
