#include "lessonsim/calc/serving.hpp"

#include <algorithm>
#include <cmath>

#include "lessonsim/calc/error.hpp"

namespace lessonsim::calc {

DecodeStep decode_step(const DecodeQuery& q) {
  if (q.weight_bytes < 1) throw CalcError("the weights must take at least 1 byte");
  if (q.kv_bytes < 0) throw CalcError("the KV cache cannot be negative");
  if (q.params < 1) throw CalcError("the number of parameters must be at least 1");
  if (q.batch < 1) throw CalcError("the batch must hold at least 1 request");
  if (q.gpus < 1) throw CalcError("serving needs at least 1 GPU");
  if (!std::isfinite(q.bandwidth_tbps) || q.bandwidth_tbps <= 0) {
    throw CalcError("the GPU's memory bandwidth must be more than 0 TB/s");
  }
  if (!std::isfinite(q.peak_tflops) || q.peak_tflops < 0) {
    throw CalcError("the GPU's peak TFLOP/s must be 0 (left out) or more");
  }
  const double gpus = static_cast<double>(q.gpus);
  DecodeStep s;
  s.memory_seconds = (static_cast<double>(q.weight_bytes) + static_cast<double>(q.kv_bytes)) /
                     (gpus * q.bandwidth_tbps * 1e12);
  if (q.peak_tflops > 0) {
    s.compute_seconds = 2.0 * static_cast<double>(q.params) * static_cast<double>(q.batch) /
                        (gpus * q.peak_tflops * 1e12);
  }
  s.seconds = std::max(s.memory_seconds, s.compute_seconds);
  s.tokens_per_s_per_user = 1.0 / s.seconds;
  s.tokens_per_s = static_cast<double>(q.batch) / s.seconds;
  return s;
}

double usd_per_million_tokens(std::int64_t gpus, double usd_per_gpu_hour, double tokens_per_s) {
  if (gpus < 1) throw CalcError("serving needs at least 1 GPU");
  if (!std::isfinite(usd_per_gpu_hour) || usd_per_gpu_hour < 0) {
    throw CalcError("the price per GPU-hour must be 0 or more");
  }
  if (!std::isfinite(tokens_per_s) || tokens_per_s <= 0) {
    throw CalcError("the tokens per second must be more than 0");
  }
  return static_cast<double>(gpus) * usd_per_gpu_hour / (tokens_per_s * 3600.0) * 1e6;
}

}  // namespace lessonsim::calc
