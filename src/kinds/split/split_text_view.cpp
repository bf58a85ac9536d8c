// The split machine in a terminal: the model's slices and one memory bar per GPU.
#include "lessonsim/messages.hpp"
#include "split.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

namespace {

std::string draw_split_text(const Machine& machine, std::string_view locale) {
  const auto& m = static_cast<const SplitMachine&>(machine);
  auto gb = [&](calc::Bytes b) { return format_gb(calc::bytes_to_gb(b), locale); };
  std::string out;
  auto sizes = m.slice_sizes();
  out += phrase(locale, "text_view.split.model") + gb(m.model_bytes());
  if (m.slices() > 1) {
    out += tr(locale, Message("text_view.split.cut")
                          .num("n", static_cast<double>(m.slices()))
                          .text("gb", gb(sizes.front())));
  } else {
    out += phrase(locale, "text_view.split.whole");
  }
  out += '\n';
  auto loads = m.loads();
  auto blocks = m.placement();
  const int width = 30;
  for (std::size_t g = 0; g < loads.size(); ++g) {
    double fraction = static_cast<double>(loads[g]) / static_cast<double>(m.gpu_bytes());
    out += std::string(phrase(locale, "canvas.split.gpu")) + " " + std::to_string(g + 1) +
           (g + 1 < 10 ? "  " : " ");
    out += text_bar(fraction, width);
    out += fraction > 1 ? "▲ " : "  ";
    out += gb(loads[g]) + " / " + gb(m.gpu_bytes());
    if (loads[g] > m.gpu_bytes()) {
      out += phrase(locale, "text_view.split.over_by") + gb(loads[g] - m.gpu_bytes()) + "!";
    } else if (blocks[g].count == 0) {
      out += phrase(locale, "text_view.split.idle");
    }
    out += '\n';
  }
  return out;
}

}  // namespace

const TextView& split_text_view() {
  static const TextView view{"split", &draw_split_text};
  return view;
}

}  // namespace lessonsim::app
