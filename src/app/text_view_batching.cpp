// The batching machine in a terminal: memory filled by weights and KV cache, the step against
// the promised latency, and what a million tokens cost.
#include "lessonsim/machines/batching.hpp"
#include "lessonsim/messages.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

std::string draw_batching_text(const Machine& machine, std::string_view locale) {
  const auto& m = static_cast<const BatchingMachine&>(machine);
  std::vector<double> v;
  m.values(v);
  auto at = [&](std::string_view name) {
    const auto& vars = m.spec().variables;
    for (std::size_t k = 0; k < vars.size(); ++k) {
      if (vars[k].name == name) return v[k];
    }
    return 0.0;
  };
  auto num = [&](double x) { return format_number(x, locale); };
  std::string out;
  out += tr(locale, Message("text_view.batching.batch_line")
                        .amount("gpus", at("gpus"))
                        .num("batch", at("batch")));
  const double used = at("used_gb"), memory = at("memory_gb");
  out += phrase(locale, "text_view.batching.memory") + text_bar(used / memory, 30) +
         (used > memory ? "▲ " : "  ") +
         tr(locale, Message("text_view.batching.memory_sum")
                        .amount("weights", at("weights_gb"))
                        .amount("kv", at("kv_gb"))
                        .amount("used", used)
                        .amount("memory", memory));
  const double step = at("step_ms"), target = at("target_ms");
  out += phrase(locale, "text_view.batching.step") + text_bar(step / target, 30) +
         (step > target ? "▲ " : "  ") + num(step) + " ms / " + num(target) + " ms\n";
  out += tr(locale, Message("text_view.batching.tokens_line")
                        .amount("all", at("tokens_per_s"))
                        .amount("each", at("tokens_per_s_per_user"))) +
         tr(locale, Message("text_view.batching.cost").amount("usd", at("cost_per_million_usd")));
  return out;
}

}  // namespace lessonsim::app
