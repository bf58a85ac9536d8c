#include "lessonsim/calc/exchange.hpp"

#include <cmath>

#include "lessonsim/calc/error.hpp"
#include "lessonsim/calc/train_time.hpp"

namespace lessonsim::calc {

double ring_allreduce_seconds(Bytes bytes, std::int64_t gpus, const LinkFigures& link) {
  if (gpus < 1) throw CalcError("an exchange needs at least 1 GPU");
  if (bytes < 0) throw CalcError("the bytes exchanged cannot be negative");
  if (!std::isfinite(link.gb_per_s) || link.gb_per_s <= 0) {
    throw CalcError("the link's bandwidth must be more than 0 GB/s");
  }
  if (!std::isfinite(link.latency_us) || link.latency_us < 0) {
    throw CalcError("the link's latency cannot be negative");
  }
  if (gpus == 1) return 0;
  const double n = static_cast<double>(gpus);
  const double steps = 2 * (n - 1);
  const double bytes_per_s = link.gb_per_s * static_cast<double>(bytes_per_gb);
  return steps * link.latency_us * 1e-6 + steps / n * static_cast<double>(bytes) / bytes_per_s;
}

StepTime step_time(const StepQuery& q) {
  StepTime t;
  // A step is train_time over one batch's tokens: k = 6, no recomputation.
  t.compute_s = train_time({q.params, q.tokens_per_step, q.gpus, q.flops_per_gpu, false}).seconds;
  t.exchange_s = ring_allreduce_seconds(q.gradient_bytes, q.gpus, q.link);
  t.step_s = t.compute_s + t.exchange_s;
  t.exchange_share = t.exchange_s / t.step_s;
  t.useful_gpus = static_cast<double>(q.gpus) * t.compute_s / t.step_s;
  return t;
}

}  // namespace lessonsim::calc
