// The registry of canvases: one per kind listed in src/kinds/kinds.def, each defined in its
// kind's folder (src/kinds/KIND/KIND_canvas.cpp), and any a test registers.

#include "canvas.hpp"

namespace lessonsim::ui {

namespace {

std::vector<const CanvasKind*>& registry() {
  static std::vector<const CanvasKind*> kinds = [] {
    std::vector<const CanvasKind*> listed = {
#define LESSONSIM_KIND(folder) &folder##_canvas(),
#include "kinds.def"
#undef LESSONSIM_KIND
    };
    for (const CanvasKind* c : listed)
      if (c->resolve) c->resolve();
    return listed;
  }();
  return kinds;
}

}  // namespace

const std::vector<const CanvasKind*>& canvases() {
  return registry();
}

bool register_canvas(const CanvasKind& canvas) {
  if (canvas.resolve) canvas.resolve();
  for (const CanvasKind* c : registry())
    if (std::string_view(c->kind) == canvas.kind) return false;
  registry().push_back(&canvas);
  return true;
}

const CanvasKind& canvas_for(std::string_view kind) {
  for (const CanvasKind* c : registry()) {
    if (kind == c->kind) return *c;
  }
  return variables_canvas();
}

}  // namespace lessonsim::ui
