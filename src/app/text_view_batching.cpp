// The batching machine in a terminal: memory filled by weights and KV cache, the step against
// the promised latency, and what a million tokens cost.
#include "lessonsim/machines/batching.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

std::string draw_batching_text(const Machine& machine, std::string_view locale) {
  const auto& m = static_cast<const BatchingMachine&>(machine);
  const bool es = locale == "es";
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
  out += num(at("gpus")) + " GPU" + (es ? " · lote de " : "s · batch of ") + num(at("batch")) +
         (es ? " peticiones\n" : " requests\n");
  const double used = at("used_gb"), memory = at("memory_gb");
  out += (es ? "Memoria " : "Memory  ") + text_bar(used / memory, 30) +
         (used > memory ? "▲ " : "  ") + num(at("weights_gb")) +
         (es ? " pesos + " : " weights + ") + num(at("kv_gb")) + " KV = " + num(used) + " / " +
         num(memory) + " GB\n";
  const double step = at("step_ms"), target = at("target_ms");
  out += (es ? "Paso    " : "Step    ") + text_bar(step / target, 30) +
         (step > target ? "▲ " : "  ") + num(step) + " ms / " + num(target) + " ms\n";
  out += num(at("tokens_per_s")) + (es ? " tokens/s en total, " : " tokens/s in all, ") +
         num(at("tokens_per_s_per_user")) + (es ? " por persona · " : " per person · ") +
         (es ? num(at("cost_per_million_usd")) + " $ por millón de tokens\n"
             : "$" + num(at("cost_per_million_usd")) + " per million tokens\n");
  return out;
}

}  // namespace lessonsim::app
