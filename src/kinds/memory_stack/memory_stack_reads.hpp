// The memory-stack machine's variables that its canvas, layout and terminal drawing read,
// resolved when they register (see view_reads.hpp).
#pragma once

#include "memory_stack.hpp"
#include "view_reads.hpp"

namespace lessonsim {

struct MemoryStackReads : KindReads<MemoryStackReads, memory_stack_machine_spec> {
  Handle precision_bits = var("precision_bits");
  Handle adam = var("adam");
  Handle gpus = var("gpus");
  Handle zero = var("zero");
  Handle gpu_memory_gb = var("gpu_memory_gb");
  Handle params_b = var("params_b");
  Handle serve_gb = var("serve_gb");
  Handle train_gb = var("train_gb");
  Handle weights_gb = var("weights_gb");
  Handle gradients_gb = var("gradients_gb");
  Handle optimizer_gb = var("optimizer_gb");
  Handle activations_gb = var("activations_gb");
  Handle overflow_gb = var("overflow_gb");
  Handle free_gb = var("free_gb");
  Handle total_gb = var("total_gb");
};

}  // namespace lessonsim
