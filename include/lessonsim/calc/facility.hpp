// A cluster as a building: racks, the power they draw, and what renting the GPUs costs.
#pragma once

#include <cstdint>

namespace lessonsim::calc {

// Each GPU's datasheet watts times `server_overhead` for the CPUs, memory, network and fans
// around it, taken from the NVIDIA DGX H100 datasheet (2023): 8 GPUs of 700 W (5.6 kW) in a
// server rated 10.2 kW at most, about 1.82×. The same server the rack lesson fills (its
// `server_kw` of 10.2), so an 8-GPU H100 server draws the same in every lesson.
inline constexpr double dgx_h100_server_watts = 10'200;
inline constexpr double default_server_overhead = dgx_h100_server_watts / (8 * 700.0);

struct FacilityQuery {
  std::int64_t gpus = 0;
  double gpu_watts = 0;
  std::int64_t gpus_per_rack = 1;
  double server_overhead = default_server_overhead;
};

struct Facility {
  std::int64_t racks = 0;  // ceil(gpus / gpus_per_rack)
  double rack_kw = 0;      // a full rack: gpus_per_rack × watts × overhead
  double it_kw = 0;        // all of them: gpus × watts × overhead
};

// Throws CalcError for no GPUs, a rack of fewer than 1, watts not > 0 or an overhead below 1.
Facility facility(const FacilityQuery& q);

// US dollars to rent `gpus` GPUs for `hours` at `usd_per_gpu_hour` each.
double rental_usd(std::int64_t gpus, double hours, double usd_per_gpu_hour);

}  // namespace lessonsim::calc
