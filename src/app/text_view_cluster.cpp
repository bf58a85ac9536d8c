// The cluster machine in a terminal: compute against the deadline, then failures and checkpoints.
#include "lessonsim/machines/cluster.hpp"
#include "lessonsim/messages.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

std::string draw_cluster_text(const Machine& machine, std::string_view locale) {
  const auto& m = static_cast<const ClusterMachine&>(machine);
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
  out += tr(locale, Message("text_view.cluster.speed")
                        .amount("gpus", at("gpus"))
                        .amount("tflops", at("tflops_per_gpu"))
                        .amount("pflops", at("cluster_pflops")));
  out += tr(locale, Message("text_view.cluster.compute_line")
                        .amount("zflop", at("zettaflop"))
                        .amount("k", at("flops_per_param_token")));
  const double days = at("days"), deadline = at("deadline_days");
  out += phrase(locale, "text_view.cluster.days") + text_bar(days / deadline, 30) +
         (days > deadline ? "▲ " : "  ") + num(days) + " / " + num(deadline) + '\n';
  out += tr(locale, Message("text_view.cluster.failures_line")
                        .amount("hours", at("hours_between_failures"))
                        .amount("failures", at("failures")));
  out += tr(locale, Message("text_view.cluster.checkpoint_line")
                        .amount("hours", at("checkpoint_hours"))
                        .amount("lost", at("lost_days"))
                        .amount("writing", at("writing_days"))
                        .amount("wasted", at("wasted_days"))
                        .amount("least", at("min_wasted_days"))
                        .amount("best", at("best_checkpoint_hours")));
  return out;
}

}  // namespace lessonsim::app
