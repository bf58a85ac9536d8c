// The registry of canvases: adding a machine kind's picture is its own files plus one line here.

#include "canvas.hpp"

namespace lessonsim::ui {

const CanvasKind& canvas_for(std::string_view kind) {
  static const CanvasKind* const kinds[] = {
      &split_canvas(),
      &memory_stack_canvas(),
      &interconnect_canvas(),
      &rack_canvas(),
      &cluster_canvas(),
      &batching_canvas(),
      &sort_canvas(),
      &lab_canvas(),
      &formula_canvas(),
  };
  for (const CanvasKind* c : kinds) {
    if (kind == c->kind) return *c;
  }
  return variables_canvas();
}

}  // namespace lessonsim::ui
