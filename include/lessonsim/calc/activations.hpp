// Activation memory of a transformer in training, per Korthikanti et al. 2022, Table 2.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "lessonsim/calc/fit.hpp"

namespace lessonsim::calc {

// The shape that activations depend on: L layers, hidden size h, a attention heads, sequence
// length s, micro-batch b (Korthikanti et al. 2022, §4, 16-bit activations).
struct ModelShape {
  std::int64_t layers = 0;
  std::int64_t hidden = 0;
  std::int64_t heads = 0;
  std::int64_t seq = 0;
  std::int64_t micro_batch = 0;
  bool operator==(const ModelShape&) const = default;
};

enum class Recompute { none, selective, full };

std::string_view recompute_name(Recompute r);
std::optional<Recompute> parse_recompute(std::string_view name);

struct ActivationSetup {
  std::int64_t tp = 1;        // tensor-parallel size t
  bool seq_parallel = false;  // sequence parallelism, only with t >= 2
  Recompute recompute = Recompute::none;
};

// Throws CalcError for a shape or setup Megatron-style training cannot run: a zero size, t
// larger than the heads or not dividing them, heads not dividing h, sequence parallelism
// without t >= 2 or with s not divisible by t.
void check_activation_setup(const ModelShape& m, const ActivationSetup& a);

// Bytes of activations one layer keeps for the backward pass, on one GPU (Table 2):
//   no parallelism                       sbh(34 + 5as/h)
//   tensor parallel                      sbh(10 + 24/t + 5as/(ht))
//   tensor + sequence parallel           sbh(34/t + 5as/(ht))
//   tensor parallel + selective recomp.  sbh(10 + 24/t)
//   tensor + sequence + selective        sbh(34/t)
//   full recomputation                   sbh·2   (only each layer's input is kept)
// Computed exactly and rounded up once.
Bytes activation_bytes_per_layer(const ModelShape& m, const ActivationSetup& a);

// Bytes of activations on the fullest GPU: all L layers' worth. With pipeline parallelism the
// first stage of the 1F1B schedule keeps p micro-batches in flight over L/p layers, which is
// again L layers (Korthikanti et al. 2022, §4.2.3). Transformer layers only: the embedding,
// final norm and loss add a few percent that this leaves out.
Bytes activation_bytes(const ModelShape& m, const ActivationSetup& a);

}  // namespace lessonsim::calc
