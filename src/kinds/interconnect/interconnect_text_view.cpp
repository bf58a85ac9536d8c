// The interconnect machine in a terminal: one step as a timeline of math then exchange.
#include "interconnect.hpp"
#include "lessonsim/messages.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

namespace {

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
  std::string out = tr(locale, Message("text_view.interconnect.link_line")
                                   .text("link", m.link().name)
                                   .msg("speed", link_speed(m.link().gb_per_s))
                                   .msg("latency", link_latency(m.link().latency_us))
                                   .num("gpus", static_cast<double>(m.gpus())));
  out += phrase(locale, "text_view.interconnect.step") + timeline + " " + num(t.step_s) + " s\n";
  out += tr(locale, Message("text_view.interconnect.split_line")
                        .amount("math", t.compute_s)
                        .amount("exchange", t.exchange_s)
                        .amount("share", t.exchange_share * 100));
  out += tr(locale, Message("text_view.interconnect.useful_line")
                        .amount("useful", t.useful_gpus)
                        .amount("gpus", static_cast<double>(m.gpus())));
  const calc::LostWork w = m.lost();
  const double every = m.checkpoint_hours();
  out += tr(locale, Message(every > 0 ? "text_view.interconnect.checkpoint_line"
                                      : "text_view.interconnect.no_checkpoint_line")
                        .amount("hours", every)
                        .amount("lost", w.hours)
                        .amount("gpu_hours", w.gpu_hours));
  return out;
}

}  // namespace

const TextView& interconnect_text_view() {
  static const TextView view{"interconnect", &draw_interconnect_text};
  return view;
}

}  // namespace lessonsim::app
