// Machine canvases, registered per machine kind (one line each in canvas_kinds.cpp), not switched
// on.
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

const CanvasKind& split_canvas();
const CanvasKind& memory_stack_canvas();
const CanvasKind& interconnect_canvas();
const CanvasKind& rack_canvas();
const CanvasKind& cluster_canvas();
const CanvasKind& batching_canvas();
const CanvasKind& sort_canvas();
const CanvasKind& lab_canvas();
const CanvasKind& formula_canvas();
// Any kind without its own canvas: its variables as a table, so a new kind is usable at once.
const CanvasKind& variables_canvas();

// The canvas for `kind`; the variables table when none is registered.
const CanvasKind& canvas_for(std::string_view kind);

}  // namespace lessonsim::ui
