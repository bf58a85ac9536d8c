// The registry of canvases: adding a machine kind's picture is its own files plus one line here.
#include <array>

#include "canvas.hpp"

namespace lessonsim::ui {

const CanvasKind& canvas_for(std::string_view kind) {
  static const std::array<const CanvasKind*, 4> kinds = {
      &split_canvas(),
      &batching_canvas(),
      &sort_canvas(),
      &lab_canvas(),
  };
  for (const CanvasKind* c : kinds) {
    if (kind == c->kind) return *c;
  }
  return variables_canvas();
}

}  // namespace lessonsim::ui
