// Serving a model token by token: how long one decoding step takes, and what a token costs.
#pragma once

#include <cstdint>

#include "lessonsim/calc/fit.hpp"

namespace lessonsim::calc {

// One decoding step produces one token for every request in the batch. It must read every
// weight once and every request's KV cache once, whatever the batch: that read is what batching
// shares (Pope et al. 2022, "Efficiently Scaling Transformer Inference", §2; the memory-bound
// roofline of decoding). It also does 2 FLOP per parameter per token (Kaplan et al. 2020, §2.1).
// `gpus` serve one copy together (tensor parallel), each reading and computing its share, so
// the step lasts max(bytes / (gpus × bandwidth), FLOPs / (gpus × peak)). This is the best case:
// no communication, no prompt processing (prefill), every GPU at its datasheet figures.
struct DecodeQuery {
  Bytes weight_bytes = 0;     // all the weights
  Bytes kv_bytes = 0;         // the KV cache of every request in the batch
  std::int64_t params = 0;    // for the compute side
  std::int64_t batch = 1;     // requests decoded together
  std::int64_t gpus = 1;      // GPUs serving this one copy
  double bandwidth_tbps = 0;  // one GPU's memory bandwidth, 10^12 bytes/s
  double peak_tflops = 0;     // one GPU's dense peak, 10^12 FLOP/s; 0 leaves compute out
};

struct DecodeStep {
  double memory_seconds = 0;
  double compute_seconds = 0;
  double seconds = 0;                // the slower of the two: the time between two tokens
  double tokens_per_s_per_user = 0;  // 1 / seconds
  double tokens_per_s = 0;           // batch / seconds
};

// Throws CalcError for sizes below 1 (weights, params, batch, GPUs), a negative KV cache, or a
// bandwidth that is not finite and > 0.
DecodeStep decode_step(const DecodeQuery& q);

// US dollars per million tokens when `gpus` GPUs, rented at `usd_per_gpu_hour` each, produce
// `tokens_per_s` together: gpus × price / (tokens/s × 3600) × 10^6.
double usd_per_million_tokens(std::int64_t gpus, double usd_per_gpu_hour, double tokens_per_s);

}  // namespace lessonsim::calc
