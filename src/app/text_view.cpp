#include "text_view.hpp"

#include <algorithm>
#include <vector>

#include "kind_specs.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

namespace {

struct KindView {
  std::string_view kind;
  MachineTextDrawer draw;
};

// One per kind listed in src/kinds/kinds.def; a kind without one is drawn as its variables.
const std::vector<KindView>& kind_views() {
  static const std::vector<KindView> views = {
#define LESSONSIM_KIND(folder) {folder##_machine_spec().kind, &draw_##folder##_text},
#include "kinds.def"
#undef LESSONSIM_KIND
  };
  return views;
}

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
  for (const KindView& view : kind_views()) {
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
