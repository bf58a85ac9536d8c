// How long a link takes to move some bytes: size over speed, plus the link's latency once.
#pragma once

#include "lessonsim/calc/fit.hpp"

namespace lessonsim::calc {

// bytes / (gb_per_s × 10^9) + latency. A best case: one transfer, the link to itself, no
// protocol overhead. Throws CalcError for negative bytes, a speed not > 0 or a negative latency.
double transfer_seconds(Bytes bytes, double gb_per_s, double latency_us);

}  // namespace lessonsim::calc
