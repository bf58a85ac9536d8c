#include "text_view.hpp"

#include <algorithm>
#include <vector>

#include "text_view_kinds.hpp"
#include "view_registry.hpp"

namespace lessonsim::app {

namespace {

ViewRegistry<TextView>& registry() {
  static ViewRegistry<TextView> views({
#define LESSONSIM_KIND(folder) &folder##_text_view(),
#include "kinds.def"
#undef LESSONSIM_KIND
  });
  return views;
}

}  // namespace

std::vector<std::string_view> text_view_kinds() {
  std::vector<std::string_view> kinds;
  for (const TextView* v : registry().all())
    kinds.push_back(v->kind);
  return kinds;
}

bool register_text_view(const TextView& view) {
  return registry().add(view);
}

std::string text_bar(double fraction, int width) {
  int filled = static_cast<int>(std::clamp(fraction, 0.0, 1.0) * width + 0.5);
  std::string out = "[";
  for (int k = 0; k < width; ++k)
    out += k < filled ? "█" : "·";
  return out + "]";
}

std::string draw_machine_text(const Engine& engine, std::string_view locale) {
  const Machine& machine = engine.machine();
  if (const TextView* view = registry().find(machine.spec().kind))
    return view->draw(machine, locale);
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
