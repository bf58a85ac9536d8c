// One model's memory, serving or training, on the fullest GPU and before any split: the sum of
// weights, gradients, optimizer state and activations, with ZeRO and tensor/pipeline parallelism.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "lessonsim/calc/activations.hpp"
#include "lessonsim/calc/model_state.hpp"

namespace lessonsim::calc {

enum class Mode { serve, train };

struct MemoryQuery {
  std::int64_t params = 0;
  Mode mode = Mode::serve;
  TrainingSetup training;  // precision is used in both modes
  std::int64_t dp = 1;     // data-parallel GPUs
  int zero = 0;            // ZeRO stage, training only
  std::int64_t tp = 1;
  std::int64_t pp = 1;
  // Activations are counted only when the shape is given, in training; without it the
  // activations part is 0 and the plan says so (`activations_counted`).
  std::optional<ModelShape> shape;
  Recompute recompute = Recompute::none;
  bool seq_parallel = false;
  bool operator==(const MemoryQuery&) const = default;
};

struct MemoryParts {
  Bytes weights = 0;
  Bytes gradients = 0;
  Bytes optimizer = 0;
  Bytes activations = 0;
  Bytes total() const;
};

struct MemoryPlan {
  MemoryParts per_gpu;   // the fullest GPU after every split
  MemoryParts one_copy;  // the model before any split (t = p = N = 1): what must live somewhere
  bool activations_counted = false;
  std::int64_t gpus = 1;  // dp × tp × pp
  Bytes per_gpu_bytes() const { return per_gpu.total(); }
  Bytes total_bytes() const { return one_copy.total(); }
};

// The conventions a plan used, in one line, e.g. "bf16 weights, Adam(W): 16 B/param (K = 12),
// ZeRO stage 1; data 64 × tensor 1 × pipeline 1".
std::string describe_setup(const MemoryQuery& q);

// Throws CalcError for any combination that makes no sense (see memory_plan.cpp's checks).
MemoryPlan plan_memory(const MemoryQuery& q);

}  // namespace lessonsim::calc
