// Bytes of the key/value cache a transformer keeps while it serves, grouped-query aware.
#pragma once

#include <cstdint>

#include "lessonsim/calc/fit.hpp"

namespace lessonsim::calc {

// K and V for every layer and every *key/value* head: with grouped-query attention (GQA) the
// query heads share fewer KV heads (Llama-2-70B: 64 query heads, 8 KV heads), and only the KV
// heads are cached (Ainslie et al. 2023; Touvron et al. 2023, Llama 2, §2.2).
struct KvShape {
  std::int64_t layers = 0;
  std::int64_t kv_heads = 0;
  std::int64_t head_dim = 0;
  std::int64_t seq = 0;    // tokens per sequence
  std::int64_t batch = 1;  // sequences served together
  int half_bytes = 4;      // bytes per element × 2: fp16/bf16 = 4, fp8 = 2, int4 = 1
};

// Throws CalcError for a zero or negative size or element width.
void check_kv_shape(const KvShape& k);

// 2 × layers × kv_heads × head_dim × bytes: one token of one sequence.
Bytes kv_bytes_per_token(const KvShape& k);

// 2 × layers × kv_heads × head_dim × tokens × batch × bytes.
Bytes kv_bytes(const KvShape& k);

}  // namespace lessonsim::calc
