#include <catch2/catch.hpp>

#include "lessonsim/calc/error.hpp"
#include "lessonsim/calc/kv_cache.hpp"

using namespace lessonsim::calc;

TEST_CASE("Llama 2 (Touvron et al. 2023) 70B: 320 KiB of KV cache per token in FP16", "[calc]") {
  // 80 layers, 8 KV heads (grouped-query attention), head_dim 128, 2 bytes.
  const KvShape llama{80, 8, 128, 4096, 1, 4};
  CHECK(kv_bytes_per_token(llama) == 320 * 1024);
  CHECK(kv_bytes(llama) == 320LL * 1024 * 4096);  // 1.34 GB for a 4,096-token context
  CHECK(bytes_to_gb(kv_bytes(llama)) == Approx(1.342).epsilon(0.001));
  KvShape batch = llama;
  batch.batch = 8;
  CHECK(kv_bytes(batch) == 8 * kv_bytes(llama));
}

TEST_CASE("calc kv: narrower elements, down to half a byte", "[calc]") {
  KvShape k{80, 8, 128, 1, 1, 2};  // fp8
  CHECK(kv_bytes_per_token(k) == 160 * 1024);
  k.half_bytes = 1;  // int4
  CHECK(kv_bytes_per_token(k) == 80 * 1024);
}

TEST_CASE("calc kv: sizes that make no sense are refused", "[calc]") {
  CHECK_THROWS_AS(kv_bytes({0, 8, 128, 4096, 1, 4}), CalcError);
  CHECK_THROWS_AS(kv_bytes({80, 8, 128, 4096, 0, 4}), CalcError);
  CHECK_THROWS_AS(kv_bytes({80, 8, 128, 4096, 1, 0}), CalcError);
  CHECK_THROWS_WITH(kv_bytes({80, 8, 128, 1'000'000'000'000, 1'000'000, 4}),
                    Catch::Contains("past"));
}
