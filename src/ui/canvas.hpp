// Machine canvases, one per machine kind (its folder's KIND_canvas.cpp, registered by the kind's
// line in src/kinds/kinds.def), looked up rather than switched on.
#pragma once

#include <string>
#include <string_view>

#include "view_context.hpp"

namespace lessonsim::ui {

struct CanvasKind {
  const char* kind;
  // Draws the machine's controls and picture into the current ImGui window's remaining space.
  void (*draw)(ViewContext& ctx);
  // One sentence on how the machine ended up, shown beside the learner's prediction.
  std::string (*result)(const Engine& engine, std::string_view locale);
};

// Each listed kind's canvas, defined in src/kinds/KIND/KIND_canvas.cpp.
#define LESSONSIM_KIND(folder) const CanvasKind& folder##_canvas();
#include "kinds.def"
#undef LESSONSIM_KIND
// Any kind without its own canvas: its variables as a table, so a new kind is usable at once.
const CanvasKind& variables_canvas();

// The canvas for `kind`; the variables table when none is registered.
const CanvasKind& canvas_for(std::string_view kind);

}  // namespace lessonsim::ui
