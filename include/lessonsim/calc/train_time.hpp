// How long training takes: total compute over the cluster's sustained rate.
#pragma once

#include <cstdint>

namespace lessonsim::calc {

// Narayanan et al. 2021, §5.1: end-to-end training time ≈ k·P·T / (n·X), for P parameters,
// T tokens, n GPUs each sustaining X FLOP/s. k = 6 (2 forward + 4 backward per parameter per
// token); k = 8 with activation recomputation, which runs the forward pass a second time.
struct TrainTimeQuery {
  std::int64_t params = 0;
  std::int64_t tokens = 0;
  std::int64_t gpus = 0;
  double flops_per_gpu = 0;  // sustained FLOP/s, not the peak
  bool recompute = false;
};

struct TrainTime {
  double flops = 0;  // k·P·T
  double seconds = 0;
  double days = 0;
};

int flops_per_param_token(bool recompute);  // k: 6 or 8

// Throws CalcError for zero or negative sizes, no GPUs, or a rate that is not finite and > 0.
TrainTime train_time(const TrainTimeQuery& q);

// X from a catalog peak: peak TFLOP/s × utilization (0 < u <= 1), in FLOP/s.
double sustained_flops(double peak_tflops, double utilization);

}  // namespace lessonsim::calc
