// The interconnect machine in a terminal: one step as a timeline of math then exchange.
#include "lessonsim/machines/interconnect.hpp"
#include "lessonsim/messages.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

std::string draw_interconnect_text(const Machine& machine, std::string_view locale) {
  const auto& m = static_cast<const InterconnectMachine&>(machine);
  auto num = [&](double v) { return format_number(v, locale); };
  const calc::StepTime t = m.step();
  const int width = 40;
  const int math = t.step_s > 0 ? static_cast<int>(t.compute_s / t.step_s * width + 0.5) : width;
  std::string timeline = "[";
  for (int k = 0; k < width; ++k)
    timeline += k < math ? "█" : "░";
  timeline += "]";
  std::string out = (phrase(locale, "text_view.interconnect.link")) + m.link().name + ", " +
                    num(m.link().gb_per_s) + " GB/s, " + num(m.link().latency_us) + " µs · " +
                    tr(locale, Message("unit.gpus").num("n", static_cast<double>(m.gpus()))) + '\n';
  out += (phrase(locale, "text_view.interconnect.step")) + timeline + " " + num(t.step_s) + " s\n";
  out += (phrase(locale, "text_view.interconnect.math")) + num(t.compute_s) + " s" +
         (phrase(locale, "text_view.interconnect.exchange")) + num(t.exchange_s) + " s (" +
         num(t.exchange_share * 100) + " %)\n";
  out += (phrase(locale, "text_view.interconnect.useful_gpus")) + num(t.useful_gpus) +
         (phrase(locale, "text_view.interconnect.of")) + std::to_string(m.gpus()) + '\n';
  const calc::LostWork w = m.lost();
  const double every = m.checkpoint_hours();
  out += every > 0 ? (phrase(locale, "text_view.interconnect.checkpoint_every")) + num(every) + " h"
                   : std::string(phrase(locale, "text_view.interconnect.no_checkpoints"));
  out += (phrase(locale, "text_view.interconnect.a_crash_loses_at_most")) + num(w.hours) + " h (" +
         num(w.gpu_hours) + (phrase(locale, "text_view.interconnect.gpu_hours"));
  return out;
}

}  // namespace lessonsim::app
