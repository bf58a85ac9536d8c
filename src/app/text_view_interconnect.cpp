// The interconnect machine in a terminal: one step as a timeline of math then exchange.
#include "lessonsim/machines/interconnect.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

std::string draw_interconnect_text(const Machine& machine, std::string_view locale) {
  const auto& m = static_cast<const InterconnectMachine&>(machine);
  const bool es = locale == "es";
  auto num = [&](double v) { return format_number(v, locale); };
  const calc::StepTime t = m.step();
  const int width = 40;
  const int math = t.step_s > 0 ? static_cast<int>(t.compute_s / t.step_s * width + 0.5) : width;
  std::string timeline = "[";
  for (int k = 0; k < width; ++k)
    timeline += k < math ? "█" : "░";
  timeline += "]";
  std::string out = (es ? "Enlace: " : "Link: ") + m.link().name + ", " + num(m.link().gb_per_s) +
                    " GB/s, " + num(m.link().latency_us) + " µs · " + std::to_string(m.gpus()) +
                    " GPU" + (es || m.gpus() == 1 ? "" : "s") + '\n';
  out += (es ? "Paso " : "Step ") + timeline + " " + num(t.step_s) + " s\n";
  out += (es ? "  █ cuentas " : "  █ math ") + num(t.compute_s) + " s" +
         (es ? "  ░ intercambio " : "  ░ exchange ") + num(t.exchange_s) + " s (" +
         num(t.exchange_share * 100) + " %)\n";
  out += (es ? "  GPU útiles: " : "  Useful GPUs: ") + num(t.useful_gpus) + (es ? " de " : " of ") +
         std::to_string(m.gpus()) + '\n';
  const calc::LostWork w = m.lost();
  const double every = m.checkpoint_hours();
  out += every > 0 ? (es ? "  Punto de control cada " : "  Checkpoint every ") + num(every) + " h"
                   : std::string(es ? "  Sin puntos de control" : "  No checkpoints");
  out += (es ? " · un fallo pierde como mucho " : " · a crash loses at most ") + num(w.hours) +
         " h (" + num(w.gpu_hours) + (es ? " horas de GPU)\n" : " GPU-hours)\n");
  return out;
}

}  // namespace lessonsim::app
