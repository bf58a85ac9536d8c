// The batching machine in a terminal: memory filled by weights and KV cache, the step against
// the promised latency, and what a million tokens cost.
#include "batching.hpp"
#include "lessonsim/messages.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

namespace {

// The variables read here, resolved when the view registers: a name the kind lacks fails
// then, never as a silent 0.
struct Vars {
  VariableHandle gpus{batching_machine_spec(), "gpus"};
  VariableHandle batch{batching_machine_spec(), "batch"};
  VariableHandle used_gb{batching_machine_spec(), "used_gb"};
  VariableHandle memory_gb{batching_machine_spec(), "memory_gb"};
  VariableHandle weights_gb{batching_machine_spec(), "weights_gb"};
  VariableHandle kv_gb{batching_machine_spec(), "kv_gb"};
  VariableHandle step_ms{batching_machine_spec(), "step_ms"};
  VariableHandle target_ms{batching_machine_spec(), "target_ms"};
  VariableHandle tokens_per_s{batching_machine_spec(), "tokens_per_s"};
  VariableHandle tokens_per_s_per_user{batching_machine_spec(), "tokens_per_s_per_user"};
  VariableHandle cost_per_million_usd{batching_machine_spec(), "cost_per_million_usd"};
};

const Vars& vars() {
  static const Vars v;
  return v;
}

}  // namespace

std::string draw_batching_text(const Machine& machine, std::string_view locale) {
  const auto& m = static_cast<const BatchingMachine&>(machine);
  auto num = [&](double x) { return format_number(x, locale); };
  std::string out;
  out += tr(locale, Message("text_view.batching.batch_line")
                        .amount("gpus", vars().gpus(m))
                        .num("batch", vars().batch(m)));
  const double used = vars().used_gb(m), memory = vars().memory_gb(m);
  out += phrase(locale, "text_view.batching.memory") + text_bar(used / memory, 30) +
         (used > memory ? "▲ " : "  ") +
         tr(locale, Message("text_view.batching.memory_sum")
                        .amount("weights", vars().weights_gb(m))
                        .amount("kv", vars().kv_gb(m))
                        .amount("used", used)
                        .amount("memory", memory));
  const double step = vars().step_ms(m), target = vars().target_ms(m);
  out += phrase(locale, "text_view.batching.step") + text_bar(step / target, 30) +
         (step > target ? "▲ " : "  ") + num(step) + " ms / " + num(target) + " ms\n";
  out +=
      tr(locale, Message("text_view.batching.tokens_line")
                     .amount("all", vars().tokens_per_s(m))
                     .amount("each", vars().tokens_per_s_per_user(m))) +
      tr(locale, Message("text_view.batching.cost").amount("usd", vars().cost_per_million_usd(m)));
  return out;
}

}  // namespace lessonsim::app
