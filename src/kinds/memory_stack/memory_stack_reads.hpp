// The memory-stack machine's variables that its canvas, layout and terminal drawing read,
// resolved when they register (see view_reads.hpp).
#pragma once

#include "memory_stack.hpp"
#include "view_reads.hpp"

namespace lessonsim {

using MemoryStackReads =
    Reads<memory_stack_machine_spec, "precision_bits", "adam", "gpus", "zero", "gpu_memory_gb",
          "params_b", "serve_gb", "train_gb", "weights_gb", "gradients_gb", "optimizer_gb",
          "activations_gb", "overflow_gb", "free_gb", "total_gb">;

}  // namespace lessonsim
