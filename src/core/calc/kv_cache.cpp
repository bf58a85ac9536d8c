#include "lessonsim/calc/kv_cache.hpp"

#include <string>

#include "lessonsim/calc/error.hpp"

namespace lessonsim::calc {

void check_kv_shape(const KvShape& k) {
  auto positive = [](std::int64_t v, const char* what) {
    if (v < 1) throw CalcError(std::string(what) + " must be at least 1");
  };
  positive(k.layers, "the number of layers");
  positive(k.kv_heads, "the number of key/value heads");
  positive(k.head_dim, "the head dimension");
  positive(k.seq, "the sequence length");
  positive(k.batch, "the batch");
  if (k.half_bytes < 1 || k.half_bytes > 16) {
    throw CalcError("bytes per element must be 0.5, 1, 1.5, ... up to 8");
  }
}

Bytes kv_bytes_per_token(const KvShape& k) {
  check_kv_shape(k);
  // 2 (K and V) × bytes = half_bytes, so no rounding even at half a byte per element.
  return checked_mul(checked_mul(k.layers, k.kv_heads), checked_mul(k.head_dim, k.half_bytes));
}

Bytes kv_bytes(const KvShape& k) {
  return checked_mul(kv_bytes_per_token(k), checked_mul(k.seq, k.batch));
}

}  // namespace lessonsim::calc
