#include "lessonsim/calc/transfer.hpp"

#include <cmath>

#include "lessonsim/calc/error.hpp"

namespace lessonsim::calc {

double transfer_seconds(Bytes bytes, double gb_per_s, double latency_us) {
  if (bytes < 0) throw CalcError("the bytes to move cannot be negative");
  if (!std::isfinite(gb_per_s) || gb_per_s <= 0) {
    throw CalcError("the link's speed must be more than 0 GB/s");
  }
  if (!std::isfinite(latency_us) || latency_us < 0) {
    throw CalcError("the link's latency must be 0 or more");
  }
  return static_cast<double>(bytes) / (gb_per_s * 1e9) + latency_us * 1e-6;
}

}  // namespace lessonsim::calc
