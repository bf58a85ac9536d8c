// The batching machine in a terminal: memory filled by weights and KV cache, the step against
// the promised latency, and what a million tokens cost.
#include "batching.hpp"
#include "batching_reads.hpp"
#include "lessonsim/messages.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

namespace {

std::string draw_batching_text(const Machine& machine, std::string_view locale) {
  const auto& m = static_cast<const BatchingMachine&>(machine);
  auto num = [&](double x) { return format_number(x, locale); };
  std::string out;
  out += tr(locale, Message("text_view.batching.batch_line")
                        .amount("gpus", BatchingReads::get<"gpus">(m))
                        .num("batch", BatchingReads::get<"batch">(m)));
  const double used = BatchingReads::get<"used_gb">(m), memory = BatchingReads::get<"memory_gb">(m);
  out += phrase(locale, "text_view.batching.memory") + text_bar(used / memory, 30) +
         (used > memory ? "▲ " : "  ") +
         tr(locale, Message("text_view.batching.memory_sum")
                        .amount("weights", BatchingReads::get<"weights_gb">(m))
                        .amount("kv", BatchingReads::get<"kv_gb">(m))
                        .amount("used", used)
                        .amount("memory", memory));
  const double step = BatchingReads::get<"step_ms">(m), target = BatchingReads::get<"target_ms">(m);
  out += phrase(locale, "text_view.batching.step") + text_bar(step / target, 30) +
         (step > target ? "▲ " : "  ") + num(step) + " ms / " + num(target) + " ms\n";
  out += tr(locale, Message("text_view.batching.tokens_line")
                        .amount("all", BatchingReads::get<"tokens_per_s">(m))
                        .amount("each", BatchingReads::get<"tokens_per_s_per_user">(m))) +
         tr(locale, Message("text_view.batching.cost")
                        .amount("usd", BatchingReads::get<"cost_per_million_usd">(m)));
  return out;
}

}  // namespace

const TextView& batching_text_view() {
  static const TextView view{"batching", &draw_batching_text, &BatchingReads::resolve};
  return view;
}

}  // namespace lessonsim::app
