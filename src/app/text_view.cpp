#include "text_view.hpp"

#include <algorithm>

#include "text_view_kinds.hpp"

namespace lessonsim::app {

namespace {

struct KindView {
  std::string_view kind;
  MachineTextDrawer draw;
};

// One line per machine kind; a kind without a line is drawn as its variables.
constexpr KindView kind_views[] = {
    {"split", &draw_split_text},
    {"memory-stack", &draw_memory_stack_text},
    {"interconnect", &draw_interconnect_text},
    {"rack", &draw_rack_text},
    {"cluster", &draw_cluster_text},
    {"batching", &draw_batching_text},
    {"sort", &draw_sort_text},
    {"lab", &draw_lab_text},
    {"formula", &draw_formula_text},
};

}  // namespace

std::string text_bar(double fraction, int width) {
  int filled = static_cast<int>(std::clamp(fraction, 0.0, 1.0) * width + 0.5);
  std::string out = "[";
  for (int k = 0; k < width; ++k)
    out += k < filled ? "█" : "·";
  return out + "]";
}

std::string draw_machine_text(const Engine& engine, std::string_view locale) {
  const Machine& machine = engine.machine();
  for (const KindView& view : kind_views) {
    if (view.kind == machine.spec().kind) return view.draw(machine, locale);
  }
  std::string out;
  const auto& vars = machine.spec().variables;
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
