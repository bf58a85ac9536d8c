// Fitting a model's bytes onto GPUs: how many are needed and what each one holds.
#pragma once

#include <cstdint>
#include <vector>

namespace lessonsim::calc {

using Bytes = std::int64_t;

inline constexpr Bytes bytes_per_gb = 1'000'000'000;  // GB means 10^9 bytes throughout
// The largest size a lesson or the command line accepts: 10^9 GB (an exabyte) is far past any
// machine, and a brief's 10^15 GB would not fit a 64-bit byte count (at most 9.2 × 10^9 GB).
inline constexpr double max_gb = 1e9;

// Whole bytes for a size in GB (rounded to the nearest byte).
Bytes gb_to_bytes(double gb);
double bytes_to_gb(Bytes bytes);

// The fewest GPUs of `gpu_bytes` each that can hold `model_bytes` (ceiling division).
std::int64_t min_gpus(Bytes model_bytes, Bytes gpu_bytes);

// `total` cut into `parts` pieces that differ by at most one byte, the larger ones first.
std::vector<Bytes> even_split(Bytes total, std::int64_t parts);

// For each of `gpus` GPUs, the index of its first slice and how many it holds, when `slices`
// slices are placed as even contiguous blocks (the first GPUs take one more when uneven).
struct Block {
  std::int64_t first = 0;
  std::int64_t count = 0;
};
std::vector<Block> contiguous_blocks(std::int64_t slices, std::int64_t gpus);

// Each GPU's load when `total` bytes are cut into `slices` and placed as contiguous blocks.
std::vector<Bytes> gpu_loads(Bytes total, std::int64_t slices, std::int64_t gpus);

// A model on the fewest GPUs that hold it, one even slice each: how many, and the fullest
// GPU's load. Throws CalcError unless both sizes are at least one byte.
struct Fit {
  std::int64_t min_gpus = 0;
  Bytes per_gpu_bytes = 0;
};
Fit fit(Bytes model_bytes, Bytes gpu_bytes);

}  // namespace lessonsim::calc
