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
  out += num(at("gpus")) + " GPU" + (phrase(locale, "text_view.cluster.s")) + " × " +
         num(at("tflops_per_gpu")) + " TFLOP/s = " + num(at("cluster_pflops")) + " PFLOP/s\n";
  out += (phrase(locale, "text_view.cluster.compute")) + num(at("zettaflop")) + " × 10²¹ FLOP (" +
         num(at("flops_per_param_token")) + "·P·T)\n";
  const double days = at("days"), deadline = at("deadline_days");
  out += (phrase(locale, "text_view.cluster.days")) + text_bar(days / deadline, 30) +
         (days > deadline ? "▲ " : "  ") + num(days) + " / " + num(deadline) + '\n';
  out += (phrase(locale, "text_view.cluster.a_failure_every")) + num(at("hours_between_failures")) +
         " h, " + num(at("failures")) + (phrase(locale, "text_view.cluster.in_all")) + '\n';
  out += (phrase(locale, "text_view.cluster.checkpoint_every")) + num(at("checkpoint_hours")) +
         " h: " + num(at("lost_days")) + (phrase(locale, "text_view.cluster.days_redone")) +
         num(at("writing_days")) + (phrase(locale, "text_view.cluster.saving")) +
         num(at("wasted_days")) + (phrase(locale, "text_view.cluster.days_wasted_least")) +
         num(at("min_wasted_days")) + (phrase(locale, "text_view.cluster.every")) +
         num(at("best_checkpoint_hours")) + " h)\n";
  return out;
}

}  // namespace lessonsim::app
