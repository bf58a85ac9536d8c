#include "lessonsim/calc/train_time.hpp"

#include <cmath>

#include "lessonsim/calc/error.hpp"

namespace lessonsim::calc {

int flops_per_param_token(bool recompute) {
  return recompute ? 8 : 6;
}

TrainTime train_time(const TrainTimeQuery& q) {
  if (q.params < 1) throw CalcError("the number of parameters must be at least 1");
  if (q.tokens < 1) throw CalcError("the number of tokens must be at least 1");
  if (q.gpus < 1) throw CalcError("training needs at least 1 GPU");
  if (!std::isfinite(q.flops_per_gpu) || q.flops_per_gpu <= 0) {
    throw CalcError("each GPU's sustained FLOP/s must be more than 0");
  }
  TrainTime t;
  // A FLOP count is not a size in bytes: 8 × 10^12 × 10^13 is past 64 bits, so doubles.
  t.flops = flops_per_param_token(q.recompute) * static_cast<double>(q.params) *
            static_cast<double>(q.tokens);
  t.seconds = t.flops / (static_cast<double>(q.gpus) * q.flops_per_gpu);
  t.days = t.seconds / 86400.0;
  return t;
}

double sustained_flops(double peak_tflops, double utilization) {
  if (!std::isfinite(peak_tflops) || peak_tflops <= 0) {
    throw CalcError("the GPU's peak TFLOP/s must be more than 0");
  }
  if (!std::isfinite(utilization) || utilization <= 0 || utilization > 1) {
    throw CalcError(
        "utilization is the fraction of peak a GPU sustains: more than 0, at most 1 "
        "(for example 0.45)");
  }
  return peak_tflops * 1e12 * utilization;
}

}  // namespace lessonsim::calc
