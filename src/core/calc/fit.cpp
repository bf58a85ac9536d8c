#include "lessonsim/calc/fit.hpp"

#include <algorithm>
#include <cmath>

#include "lessonsim/calc/error.hpp"

namespace lessonsim::calc {

Bytes gb_to_bytes(double gb) {
  return static_cast<Bytes>(std::llround(gb * 1e9));
}

double bytes_to_gb(Bytes bytes) {
  return static_cast<double>(bytes) / 1e9;
}

std::int64_t min_gpus(Bytes model_bytes, Bytes gpu_bytes) {
  if (gpu_bytes <= 0 || model_bytes <= 0) return 0;
  return (model_bytes + gpu_bytes - 1) / gpu_bytes;
}

std::vector<Bytes> even_split(Bytes total, std::int64_t parts) {
  std::vector<Bytes> out;
  if (parts <= 0) return out;
  out.assign(static_cast<std::size_t>(parts), total / parts);
  Bytes rest = total % parts;
  for (Bytes k = 0; k < rest; ++k)
    out[static_cast<std::size_t>(k)] += 1;
  return out;
}

std::vector<Block> contiguous_blocks(std::int64_t slices, std::int64_t gpus) {
  std::vector<Block> out;
  if (gpus <= 0) return out;
  out.resize(static_cast<std::size_t>(gpus));
  std::int64_t each = slices / gpus;
  std::int64_t extra = slices % gpus;
  std::int64_t next = 0;
  for (std::int64_t g = 0; g < gpus; ++g) {
    std::int64_t count = each + (g < extra ? 1 : 0);
    out[static_cast<std::size_t>(g)] = {next, count};
    next += count;
  }
  return out;
}

std::vector<Bytes> gpu_loads(Bytes total, std::int64_t slices, std::int64_t gpus) {
  std::vector<Bytes> sizes = even_split(total, slices);
  std::vector<Bytes> loads;
  for (const Block& b : contiguous_blocks(slices, gpus)) {
    Bytes load = 0;
    for (std::int64_t k = 0; k < b.count; ++k)
      load += sizes[static_cast<std::size_t>(b.first + k)];
    loads.push_back(load);
  }
  return loads;
}

Fit fit(Bytes model_bytes, Bytes gpu_bytes) {
  if (model_bytes <= 0) throw CalcError("the model must be at least one byte");
  if (gpu_bytes <= 0) throw CalcError("a GPU must hold at least one byte");
  Fit f;
  f.min_gpus = ceil_div(model_bytes, gpu_bytes);
  f.per_gpu_bytes = ceil_div(model_bytes, f.min_gpus);
  return f;
}

}  // namespace lessonsim::calc
