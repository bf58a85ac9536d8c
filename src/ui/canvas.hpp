// Machine canvases, one per machine kind (its folder's KIND_canvas.cpp, registered by the kind's
// line in src/kinds/kinds.def), looked up rather than switched on.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "view_context.hpp"

namespace lessonsim::ui {

struct CanvasKind {
  const char* kind;
  // Draws the machine's controls and picture into the current ImGui window's remaining space.
  void (*draw)(ViewContext& ctx);
  // One sentence on how the machine ended up, shown beside the learner's prediction.
  std::string (*result)(const Engine& engine, std::string_view locale);
  // Resolves the variables it reads (see src/kinds/view_reads.hpp); called when it registers.
  void (*resolve)() = nullptr;
  // Whether the machine action `op` is a zoom: the one kind of move that may rescale the
  // picture (animated); null when the kind has none.
  bool (*zooms)(std::string_view op) = nullptr;
};

// Each listed kind's canvas, defined in src/kinds/KIND/KIND_canvas.cpp.
#define LESSONSIM_KIND(folder) const CanvasKind& folder##_canvas();
#include "kinds.def"
#undef LESSONSIM_KIND
// Any kind without its own canvas: its variables as a table, so a new kind is usable at once.
const CanvasKind& variables_canvas();

// Every registered canvas: the listed kinds', each resolved the first time this is called,
// which the program does at start-up (so a variable a canvas names and its kind lacks throws
// UnknownVariable then, and in tests/ui/canvas_kinds_test.cpp).
const std::vector<const CanvasKind*>& canvases();

// Adds a canvas for a kind that has none (the tests' kinds), resolving its variables first:
// throws UnknownVariable for one its kind lacks, and registers nothing then. False when the
// kind already has a canvas.
bool register_canvas(const CanvasKind& canvas);

// The canvas for `kind`; the variables table when none is registered.
const CanvasKind& canvas_for(std::string_view kind);

}  // namespace lessonsim::ui
