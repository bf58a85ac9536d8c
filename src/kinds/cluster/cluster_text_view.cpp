// The cluster machine in a terminal: compute against the deadline, then failures and checkpoints.
#include "cluster.hpp"
#include "lessonsim/messages.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

namespace {

// The variables read here, resolved when the view registers: a name the kind lacks fails
// then, never as a silent 0.
struct Vars {
  VariableHandle gpus{cluster_machine_spec(), "gpus"};
  VariableHandle tflops_per_gpu{cluster_machine_spec(), "tflops_per_gpu"};
  VariableHandle cluster_pflops{cluster_machine_spec(), "cluster_pflops"};
  VariableHandle zettaflop{cluster_machine_spec(), "zettaflop"};
  VariableHandle flops_per_param_token{cluster_machine_spec(), "flops_per_param_token"};
  VariableHandle days{cluster_machine_spec(), "days"};
  VariableHandle deadline_days{cluster_machine_spec(), "deadline_days"};
  VariableHandle hours_between_failures{cluster_machine_spec(), "hours_between_failures"};
  VariableHandle failures{cluster_machine_spec(), "failures"};
  VariableHandle checkpoint_hours{cluster_machine_spec(), "checkpoint_hours"};
  VariableHandle lost_days{cluster_machine_spec(), "lost_days"};
  VariableHandle writing_days{cluster_machine_spec(), "writing_days"};
  VariableHandle wasted_days{cluster_machine_spec(), "wasted_days"};
  VariableHandle min_wasted_days{cluster_machine_spec(), "min_wasted_days"};
  VariableHandle best_checkpoint_hours{cluster_machine_spec(), "best_checkpoint_hours"};
};

const Vars& vars() {
  static const Vars v;
  return v;
}

}  // namespace

std::string draw_cluster_text(const Machine& machine, std::string_view locale) {
  const auto& m = static_cast<const ClusterMachine&>(machine);
  auto num = [&](double x) { return format_number(x, locale); };
  std::string out;
  out += tr(locale, Message("text_view.cluster.speed")
                        .amount("gpus", vars().gpus(m))
                        .amount("tflops", vars().tflops_per_gpu(m))
                        .amount("pflops", vars().cluster_pflops(m)));
  out += tr(locale, Message("text_view.cluster.compute_line")
                        .amount("zflop", vars().zettaflop(m))
                        .amount("k", vars().flops_per_param_token(m)));
  const double days = vars().days(m), deadline = vars().deadline_days(m);
  out += phrase(locale, "text_view.cluster.days") + text_bar(days / deadline, 30) +
         (days > deadline ? "▲ " : "  ") + num(days) + " / " + num(deadline) + '\n';
  out += tr(locale, Message("text_view.cluster.failures_line")
                        .amount("hours", vars().hours_between_failures(m))
                        .amount("failures", vars().failures(m)));
  out += tr(locale, Message("text_view.cluster.checkpoint_line")
                        .amount("hours", vars().checkpoint_hours(m))
                        .amount("lost", vars().lost_days(m))
                        .amount("writing", vars().writing_days(m))
                        .amount("wasted", vars().wasted_days(m))
                        .amount("least", vars().min_wasted_days(m))
                        .amount("best", vars().best_checkpoint_hours(m)));
  return out;
}

}  // namespace lessonsim::app
