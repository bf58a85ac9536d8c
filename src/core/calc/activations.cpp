#include "lessonsim/calc/activations.hpp"

#include <string>

#include "lessonsim/calc/error.hpp"

namespace lessonsim::calc {

namespace {

void require_positive(std::int64_t v, const char* what) {
  if (v < 1) throw CalcError(std::string(what) + " must be at least 1");
}

}  // namespace

std::string_view recompute_name(Recompute r) {
  switch (r) {
    case Recompute::none:
      return "none";
    case Recompute::selective:
      return "selective";
    case Recompute::full:
      return "full";
  }
  return {};
}

std::optional<Recompute> parse_recompute(std::string_view name) {
  for (Recompute r : {Recompute::none, Recompute::selective, Recompute::full}) {
    if (recompute_name(r) == name) return r;
  }
  return std::nullopt;
}

void check_activation_setup(const ModelShape& m, const ActivationSetup& a) {
  require_positive(m.layers, "the number of layers");
  require_positive(m.hidden, "the hidden size");
  require_positive(m.heads, "the number of attention heads");
  require_positive(m.seq, "the sequence length");
  require_positive(m.micro_batch, "the micro-batch");
  require_positive(a.tp, "the tensor-parallel size");
  if (m.hidden % m.heads != 0) {
    throw CalcError("the hidden size (" + std::to_string(m.hidden) +
                    ") must split evenly across the " + std::to_string(m.heads) + " heads");
  }
  // Megatron splits attention by heads: each tensor-parallel GPU takes a whole number of them.
  if (a.tp > m.heads) {
    throw CalcError("tensor parallelism of " + std::to_string(a.tp) + " is larger than the " +
                    std::to_string(m.heads) + " attention heads it splits");
  }
  if (m.heads % a.tp != 0) {
    throw CalcError("tensor parallelism of " + std::to_string(a.tp) + " does not divide the " +
                    std::to_string(m.heads) + " attention heads evenly");
  }
  if (a.seq_parallel && a.tp < 2) {
    throw CalcError(
        "sequence parallelism splits within a tensor-parallel group: it needs a "
        "tensor-parallel size of 2 or more");
  }
  if (a.seq_parallel && m.seq % a.tp != 0) {
    throw CalcError("sequence parallelism needs the sequence length (" + std::to_string(m.seq) +
                    ") to divide by the tensor-parallel size (" + std::to_string(a.tp) + ")");
  }
}

Bytes activation_bytes_per_layer(const ModelShape& m, const ActivationSetup& a) {
  check_activation_setup(m, a);
  const std::int64_t t = a.tp;
  const Bytes sbh = checked_mul(checked_mul(m.seq, m.micro_batch), m.hidden);
  // 5as/h · sbh = 5·a·s²·b: the attention scores, softmax output and its dropout mask.
  const Bytes attention =
      checked_mul(checked_mul(checked_mul(5, m.heads), m.seq), checked_mul(m.seq, m.micro_batch));
  if (a.recompute == Recompute::full) return checked_mul(2, sbh);
  // 10sbh is the layer norms' and dropouts' share, replicated across t unless the sequence
  // dimension is split too; 24sbh are the matrix inputs tensor parallelism splits.
  const Bytes split = checked_mul(24, sbh);
  const Bytes replicated = checked_mul(10, sbh);
  Bytes divided = a.seq_parallel ? checked_add(split, replicated) : split;
  if (a.recompute == Recompute::none) divided = checked_add(divided, attention);
  const Bytes kept = a.seq_parallel ? 0 : replicated;
  return checked_add(kept, ceil_div(divided, t));
}

Bytes activation_bytes(const ModelShape& m, const ActivationSetup& a) {
  return checked_mul(activation_bytes_per_layer(m, a), m.layers);
}

}  // namespace lessonsim::calc
