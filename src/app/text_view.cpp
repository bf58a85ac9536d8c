#include "text_view.hpp"

#include <algorithm>
#include <vector>

#include "text_view_kinds.hpp"

namespace lessonsim::app {

namespace {

std::vector<const TextView*>& registry() {
  static std::vector<const TextView*> views = [] {
    std::vector<const TextView*> listed = {
#define LESSONSIM_KIND(folder) &folder##_text_view(),
#include "kinds.def"
#undef LESSONSIM_KIND
    };
    for (const TextView* v : listed)
      if (v->resolve) v->resolve();
    return listed;
  }();
  return views;
}

}  // namespace

std::vector<std::string_view> text_view_kinds() {
  std::vector<std::string_view> kinds;
  for (const TextView* v : registry())
    kinds.push_back(v->kind);
  return kinds;
}

bool register_text_view(const TextView& view) {
  if (view.resolve) view.resolve();
  for (const TextView* v : registry())
    if (std::string_view(v->kind) == view.kind) return false;
  registry().push_back(&view);
  return true;
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
  for (const TextView* view : registry()) {
    if (view->kind == machine.spec().kind) return view->draw(machine, locale);
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
