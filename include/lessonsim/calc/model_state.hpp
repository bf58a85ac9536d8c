// Bytes of a model's weights, gradients and optimizer state, and how ZeRO and model parallelism
// divide them among GPUs.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "lessonsim/calc/fit.hpp"

namespace lessonsim::calc {

// Number formats for weights. Bytes per parameter: fp32 4, bf16/fp16 2, fp8/int8 1, int4 0.5
// (EleutherAI, "Transformer Math 101", 2023, §Inference; int4 as in GPTQ/AWQ).
enum class Precision { fp32, bf16, fp16, fp8, int8, int4 };

int bits_per_param(Precision p);
std::string_view precision_name(Precision p);
std::optional<Precision> parse_precision(std::string_view name);
// Training formats; int8 and int4 are quantized serving formats with no gradient.
bool trains_in(Precision p);

// Whole bytes of `params` weights at `p` (int4 packs two per byte; an odd count rounds up).
Bytes weight_bytes(std::int64_t params, Precision p);

enum class Optimizer { adam, sgd, adam8bit };

std::string_view optimizer_name(Optimizer o);   // as typed: "adam", "sgd", "adam8bit"
std::string_view optimizer_title(Optimizer o);  // as read: "Adam(W)", "SGD with momentum", ...
std::optional<Optimizer> parse_optimizer(std::string_view name);

struct TrainingSetup {
  Precision precision = Precision::bf16;
  Optimizer optimizer = Optimizer::adam;
  // Gradients accumulated in an extra fp32 buffer beside the half-precision ones, as some
  // frameworks do (Hugging Face, "The Ultra-Scale Playbook", 2025, memory table): +4 B/param.
  bool fp32_grad_accum = false;
  bool operator==(const TrainingSetup&) const = default;
};

// Bytes per parameter of each part of the training state. Mixed precision keeps an fp32
// master copy of the weights in the optimizer (4 B); pure fp32 training needs none.
//   optimizer K: Adam(W) 4 + 4 + 4 = 12, SGD with momentum 4 + 4 = 8, 8-bit Adam 4 + 1 + 1 = 6
//   (Rajbhandari et al. 2020, §3.1, K = 12; EleutherAI, "Transformer Math 101", §Training).
// So Adam in bf16 is 2 + 2 + 12 = 16 B/param, 20 with fp32 gradient accumulation; Adam in
// fp32 is 4 + 4 + 8 = 16 too (the Playbook: "full and mixed precision giving the same").
int gradient_bytes_per_param(const TrainingSetup& s);
int optimizer_bytes_per_param(const TrainingSetup& s);  // K
// Throws CalcError for a precision that cannot train, or fp32 accumulation in fp32 training.
void check_setup(const TrainingSetup& s);

// The three model states, in bytes. In serving, gradients and optimizer are zero.
struct ModelStates {
  Bytes weights = 0;
  Bytes gradients = 0;
  Bytes optimizer = 0;
  Bytes total() const;
};

ModelStates serving_states(std::int64_t params, Precision p);
ModelStates training_states(std::int64_t params, const TrainingSetup& s);

// What one GPU holds of `states` when tensor parallelism (t) and pipeline parallelism (p) each
// give it 1/t and 1/p of every layer's matrices: all three states divide by t·p. Rounded up,
// so this is the fullest GPU.
ModelStates divide_by_model_parallel(const ModelStates& states, std::int64_t tp, std::int64_t pp);

// What one GPU holds after ZeRO (Rajbhandari et al. 2020, §5) shards across `dp` data-parallel
// GPUs. Stage 0 replicates; 1 shards the optimizer state (4Ψ + KΨ/N for Adam in fp16); 2 also
// the gradients (2Ψ + (2+K)Ψ/N); 3 also the weights ((4+K)Ψ/N). Rounded up (the fullest GPU).
ModelStates zero_shard(const ModelStates& states, int stage, std::int64_t dp);

}  // namespace lessonsim::calc
