// The registry of canvases: one per kind listed in src/kinds/kinds.def, each defined in its
// kind's folder (src/kinds/KIND/KIND_canvas.cpp), and any a test registers.

#include "canvas.hpp"
#include "view_registry.hpp"

namespace lessonsim::ui {

namespace {

ViewRegistry<CanvasKind>& registry() {
  static ViewRegistry<CanvasKind> kinds({
#define LESSONSIM_KIND(folder) &folder##_canvas(),
#include "kinds.def"
#undef LESSONSIM_KIND
  });
  return kinds;
}

}  // namespace

const std::vector<const CanvasKind*>& canvases() {
  return registry().all();
}

bool register_canvas(const CanvasKind& canvas) {
  return registry().add(canvas);
}

const CanvasKind& canvas_for(std::string_view kind) {
  const CanvasKind* c = registry().find(kind);
  return c ? *c : variables_canvas();
}

}  // namespace lessonsim::ui
