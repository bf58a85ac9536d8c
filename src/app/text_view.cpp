#include "text_view.hpp"

#include <algorithm>

#include "lessonsim/machines/split.hpp"

namespace lessonsim::app {

namespace {

std::string bar(double fraction, int width) {
  int filled = static_cast<int>(std::clamp(fraction, 0.0, 1.0) * width + 0.5);
  std::string out = "[";
  for (int k = 0; k < width; ++k) out += k < filled ? "█" : "·";
  return out + "]";
}

std::string draw_split(const SplitMachine& m, std::string_view locale) {
  bool es = locale == "es";
  auto gb = [&](calc::Bytes b) { return format_number(calc::bytes_to_gb(b), locale) + " GB"; };
  std::string out;
  auto sizes = m.slice_sizes();
  out += (es ? "Modelo " : "Model ") + gb(m.model_bytes());
  if (m.slices() > 1) {
    out += es ? " cortado en " + std::to_string(m.slices()) + " porciones de " + gb(sizes.front())
              : " cut into " + std::to_string(m.slices()) + " slices of " + gb(sizes.front());
  } else {
    out += es ? " (entero)" : " (whole)";
  }
  out += '\n';
  auto loads = m.loads();
  auto blocks = m.placement();
  const int width = 30;
  for (std::size_t g = 0; g < loads.size(); ++g) {
    double fraction = static_cast<double>(loads[g]) / static_cast<double>(m.gpu_bytes());
    out += "GPU " + std::to_string(g + 1) + (g + 1 < 10 ? "  " : " ");
    out += bar(fraction, width);
    out += fraction > 1 ? "▲ " : "  ";
    out += gb(loads[g]) + " / " + gb(m.gpu_bytes());
    if (loads[g] > m.gpu_bytes()) {
      out += (es ? "  ¡se pasa por " : "  OVER by ") + gb(loads[g] - m.gpu_bytes()) + (es ? "!" : "!");
    } else if (blocks[g].count == 0) {
      out += es ? "  (sin uso)" : "  (idle)";
    }
    out += '\n';
  }
  return out;
}

}  // namespace

std::string draw_machine_text(const Engine& engine, std::string_view locale) {
  if (const auto* split = dynamic_cast<const SplitMachine*>(&engine.machine())) {
    return draw_split(*split, locale);
  }
  std::string out;
  const auto& vars = engine.machine().spec().variables;
  for (std::size_t k = 0; k < vars.size() && k < engine.values().size(); ++k) {
    double v = engine.values()[k];
    out += "  " + vars[k].name + " = " +
           (vars[k].type == ValueType::boolean ? format_bool(v != 0, locale)
                                               : format_number(v, locale)) +
           '\n';
  }
  return out;
}

}  // namespace lessonsim::app
