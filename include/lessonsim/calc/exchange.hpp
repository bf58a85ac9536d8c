// How long a data-parallel training step takes: the math, then the gradient exchange over a link.
#pragma once

#include <cstdint>

#include "lessonsim/calc/fit.hpp"

namespace lessonsim::calc {

// A link between GPUs, as the catalog gives it: bandwidth per GPU in one direction, and the
// latency of one message.
struct LinkFigures {
  double gb_per_s = 0;
  double latency_us = 0;
};

// Seconds for a ring all-reduce of `bytes` over `gpus` GPUs (Patarasuk and Yuan 2009, "Bandwidth
// optimal all-reduce algorithms for clusters of workstations"; Thakur, Rabenseifner and Gropp
// 2005, §4): a reduce-scatter and an all-gather, each N - 1 steps moving bytes / N, so
//   2(N - 1) × latency + 2(N - 1)/N × bytes / bandwidth.
// One GPU exchanges nothing: 0. Throws CalcError for no GPUs, negative bytes, or a link whose
// bandwidth is not more than 0 or whose latency is negative.
double ring_allreduce_seconds(Bytes bytes, std::int64_t gpus, const LinkFigures& link);

// One training step, drawn as a timeline: every GPU computes its share of the batch, then all of
// them exchange gradients, with no overlap (the simple, pessimistic case).
struct StepQuery {
  std::int64_t params = 0;
  std::int64_t tokens_per_step = 0;  // the global batch, in tokens
  std::int64_t gpus = 0;
  double flops_per_gpu = 0;  // sustained FLOP/s (see sustained_flops)
  Bytes gradient_bytes = 0;  // what the all-reduce moves: one full set of gradients
  LinkFigures link;
};

struct StepTime {
  double compute_s = 0;       // 6 × params × tokens_per_step / (gpus × flops_per_gpu)
  double exchange_s = 0;      // ring_allreduce_seconds
  double step_s = 0;          // compute + exchange
  double exchange_share = 0;  // exchange / step, 0 to 1
  // GPUs' worth of useful work: gpus × compute / step. It never passes
  // one GPU's compute time per step / exchange time, however many GPUs are added.
  double useful_gpus = 0;
};

// Throws CalcError for sizes that make no sense (see train_time and ring_allreduce_seconds).
StepTime step_time(const StepQuery& q);

}  // namespace lessonsim::calc
