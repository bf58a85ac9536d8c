#include "lessonsim/calc/facility.hpp"

#include <cmath>

#include "lessonsim/calc/error.hpp"

namespace lessonsim::calc {

Facility facility(const FacilityQuery& q) {
  if (q.gpus < 1) throw CalcError("a cluster needs at least 1 GPU");
  if (q.gpus_per_rack < 1) throw CalcError("a rack holds at least 1 GPU");
  if (!std::isfinite(q.gpu_watts) || q.gpu_watts <= 0) {
    throw CalcError("each GPU's power must be more than 0 W");
  }
  if (!std::isfinite(q.server_overhead) || q.server_overhead < 1) {
    throw CalcError("the server overhead is a factor of at least 1");
  }
  Facility f;
  f.racks = ceil_div(q.gpus, q.gpus_per_rack);
  f.rack_kw = static_cast<double>(q.gpus_per_rack) * q.gpu_watts * q.server_overhead / 1000.0;
  f.it_kw = static_cast<double>(q.gpus) * q.gpu_watts * q.server_overhead / 1000.0;
  return f;
}

double rental_usd(std::int64_t gpus, double hours, double usd_per_gpu_hour) {
  if (gpus < 1) throw CalcError("renting needs at least 1 GPU");
  if (!std::isfinite(hours) || hours < 0) throw CalcError("the hours must be 0 or more");
  if (!std::isfinite(usd_per_gpu_hour) || usd_per_gpu_hour < 0) {
    throw CalcError("the price per GPU-hour must be 0 or more");
  }
  return static_cast<double>(gpus) * hours * usd_per_gpu_hour;
}

}  // namespace lessonsim::calc
