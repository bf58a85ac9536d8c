// Decoding speed and cost: each step reads every weight and the batch's KV cache once.
#include <catch2/catch.hpp>

#include "lessonsim/calc/error.hpp"
#include "lessonsim/calc/kv_cache.hpp"
#include "lessonsim/calc/model_state.hpp"
#include "lessonsim/calc/serving.hpp"

using namespace lessonsim::calc;

namespace {

// Llama-2-70B in FP16: 80 layers, 8 KV heads of 128: 320 KiB per token (Touvron et al. 2023).
Bytes llama70_kv(std::int64_t tokens, std::int64_t batch) {
  return kv_bytes({80, 8, 128, tokens, batch, 4});
}

}  // namespace

TEST_CASE("decode: one request on two H100s is bound by reading 140 GB of weights", "[calc]") {
  const DecodeStep s = decode_step({weight_bytes(70'000'000'000, Precision::bf16),
                                    llama70_kv(4096, 1), 70'000'000'000, 1, 2, 3.35, 989});
  // (140 GB + 1.34 GB) / (2 × 3.35 TB/s)
  CHECK(s.memory_seconds == Approx(141.342177e9 / 6.7e12));
  CHECK(s.seconds * 1000 == Approx(21.1).epsilon(0.002));
  CHECK(s.compute_seconds < s.memory_seconds / 100);
  CHECK(s.tokens_per_s == Approx(s.tokens_per_s_per_user));
  // $2 an hour for each of two GPUs, 47.4 tokens/s: about $23 per million tokens.
  CHECK(usd_per_million_tokens(2, 2.0, s.tokens_per_s) == Approx(23.44).epsilon(0.002));
}

TEST_CASE("decode: a batch shares the weight read, so tokens get cheaper", "[calc]") {
  const Bytes w = weight_bytes(70'000'000'000, Precision::bf16);
  const DecodeStep one = decode_step({w, llama70_kv(4096, 1), 70'000'000'000, 1, 2, 3.35, 989});
  const DecodeStep fourteen =
      decode_step({w, llama70_kv(4096, 14), 70'000'000'000, 14, 2, 3.35, 989});
  CHECK(fourteen.seconds > one.seconds);  // each user waits a little longer...
  CHECK(fourteen.seconds * 1000 == Approx(23.7).epsilon(0.002));
  CHECK(fourteen.tokens_per_s > 12 * one.tokens_per_s);  // ...and the GPUs make 12× the tokens
  CHECK(usd_per_million_tokens(2, 2.0, fourteen.tokens_per_s) == Approx(1.88).epsilon(0.003));
}

TEST_CASE("decode: a huge batch of short requests becomes compute-bound", "[calc]") {
  const DecodeStep s = decode_step({weight_bytes(70'000'000'000, Precision::bf16),
                                    llama70_kv(16, 4096), 70'000'000'000, 4096, 1, 3.35, 989});
  CHECK(s.compute_seconds > s.memory_seconds);
  CHECK(s.seconds == s.compute_seconds);
  CHECK(s.seconds == Approx(2.0 * 70e9 * 4096 / 989e12));
}

TEST_CASE("decode and cost: nonsense is refused", "[calc]") {
  const Bytes w = 1'000'000;
  CHECK_THROWS_AS(decode_step({0, 0, 1, 1, 1, 3.35, 0}), CalcError);
  CHECK_THROWS_AS(decode_step({w, -1, 1, 1, 1, 3.35, 0}), CalcError);
  CHECK_THROWS_AS(decode_step({w, 0, 1, 0, 1, 3.35, 0}), CalcError);
  CHECK_THROWS_AS(decode_step({w, 0, 1, 1, 0, 3.35, 0}), CalcError);
  CHECK_THROWS_AS(decode_step({w, 0, 1, 1, 1, 0, 0}), CalcError);
  CHECK_THROWS_AS(usd_per_million_tokens(1, 2.0, 0), CalcError);
  CHECK_THROWS_AS(usd_per_million_tokens(0, 2.0, 10), CalcError);
}
