// The registry of canvases: one per kind listed in src/kinds/kinds.def, each defined in its
// kind's folder (src/kinds/KIND/KIND_canvas.cpp).

#include "canvas.hpp"

namespace lessonsim::ui {

const CanvasKind& canvas_for(std::string_view kind) {
  static const CanvasKind* const kinds[] = {
#define LESSONSIM_KIND(folder) &folder##_canvas(),
#include "kinds.def"
#undef LESSONSIM_KIND
  };
  for (const CanvasKind* c : kinds) {
    if (kind == c->kind) return *c;
  }
  return variables_canvas();
}

}  // namespace lessonsim::ui
