// The cluster machine in a terminal: compute against the deadline, then failures and checkpoints.
#include "lessonsim/machines/cluster.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

std::string draw_cluster_text(const Machine& machine, std::string_view locale) {
  const auto& m = static_cast<const ClusterMachine&>(machine);
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
  out += num(at("gpus")) + " GPU" + (es ? "" : "s") + " × " + num(at("tflops_per_gpu")) +
         " TFLOP/s = " + num(at("cluster_pflops")) + " PFLOP/s\n";
  out += (es ? "Cálculo: " : "Compute: ") + num(at("zettaflop")) + " × 10²¹ FLOP (" +
         num(at("flops_per_param_token")) + "·P·T)\n";
  const double days = at("days"), deadline = at("deadline_days");
  out += (es ? "Días  " : "Days  ") + text_bar(days / deadline, 30) +
         (days > deadline ? "▲ " : "  ") + num(days) + " / " + num(deadline) + '\n';
  out += (es ? "Un fallo cada " : "A failure every ") + num(at("hours_between_failures")) + " h, " +
         num(at("failures")) + (es ? " en total" : " in all") + '\n';
  out += (es ? "Punto de control cada " : "Checkpoint every ") + num(at("checkpoint_hours")) +
         " h: " + num(at("lost_days")) + (es ? " días rehechos + " : " days redone + ") +
         num(at("writing_days")) + (es ? " guardando = " : " saving = ") + num(at("wasted_days")) +
         (es ? " días perdidos (mínimo " : " days wasted (least ") + num(at("min_wasted_days")) +
         (es ? ", cada " : ", every ") + num(at("best_checkpoint_hours")) + " h)\n";
  return out;
}

}  // namespace lessonsim::app
