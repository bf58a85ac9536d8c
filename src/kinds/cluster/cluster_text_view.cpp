// The cluster machine in a terminal: compute against the deadline, then failures and checkpoints.
#include "cluster.hpp"
#include "cluster_reads.hpp"
#include "lessonsim/messages.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

namespace {

std::string draw_cluster_text(const Machine& machine, std::string_view locale) {
  const auto& m = static_cast<const ClusterMachine&>(machine);
  auto num = [&](double x) { return format_number(x, locale); };
  std::string out;
  out += tr(locale, Message("text_view.cluster.speed")
                        .amount("gpus", ClusterReads::get<"gpus">(m))
                        .amount("tflops", ClusterReads::get<"tflops_per_gpu">(m))
                        .amount("pflops", ClusterReads::get<"cluster_pflops">(m)));
  out += tr(locale, Message("text_view.cluster.compute_line")
                        .amount("zflop", ClusterReads::get<"zettaflop">(m))
                        .amount("k", ClusterReads::get<"flops_per_param_token">(m)));
  const double days = ClusterReads::get<"days">(m),
               deadline = ClusterReads::get<"deadline_days">(m);
  out += phrase(locale, "text_view.cluster.days") + text_bar(days / deadline, 30) +
         (days > deadline ? "▲ " : "  ") + num(days) + " / " + num(deadline) + '\n';
  out += tr(locale, Message("text_view.cluster.failures_line")
                        .amount("hours", ClusterReads::get<"hours_between_failures">(m))
                        .amount("failures", ClusterReads::get<"failures">(m)));
  out += tr(locale, Message("text_view.cluster.checkpoint_line")
                        .amount("hours", ClusterReads::get<"checkpoint_hours">(m))
                        .amount("lost", ClusterReads::get<"lost_days">(m))
                        .amount("writing", ClusterReads::get<"writing_days">(m))
                        .amount("wasted", ClusterReads::get<"wasted_days">(m))
                        .amount("least", ClusterReads::get<"min_wasted_days">(m))
                        .amount("best", ClusterReads::get<"best_checkpoint_hours">(m)));
  return out;
}

}  // namespace

const TextView& cluster_text_view() {
  static const TextView view{"cluster", &draw_cluster_text, &ClusterReads::resolve};
  return view;
}

}  // namespace lessonsim::app
