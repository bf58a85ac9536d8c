// What every machine canvas shares: its row of action buttons with Undo last, the area it
// draws in, and the font sizes its layout is given.
#pragma once

#include <cmath>
#include <string>

#include "rect.hpp"
#include "theme.hpp"
#include "view_context.hpp"

namespace lessonsim::ui {

// A row of a machine's buttons that wraps at the window's edge: each shown only when the step
// allows its action, recorded as a click target, its click pushed as the frame's action (the
// screen applies it; the canvas never does).
class Toolbar {
 public:
  // `first`: the row starts here (false: it continues what is already on the line).
  explicit Toolbar(ViewContext& ctx, bool first = true) : ctx_(ctx), first_(first) {}

  // `op` with no parameters; its target is named after it.
  void button(const char* op, const std::string& label) { button(op, label, Action::make(op)); }
  // `action` when clicked, shown when `op` is allowed; `target` names the click target where
  // two buttons play the same op (else the op names it).
  void button(const char* op, const std::string& label, Action action,
              const char* target = nullptr);
  // Undo, when the engine can undo a move of this step.
  void undo(const std::string& label);

 private:
  ViewContext& ctx_;
  bool first_;
};

// The rest of the window's content region, at least 64 px each way: where a canvas draws.
Rect remaining_area();

// Takes `area` as one ImGui item, so the window lays out (and scrolls) past the picture.
void claim(const Rect& area);

// A layout's metrics with its text sizes from the fonts: text_h the body's, small_h the small
// font's, gap `gap_per_body` body heights (whole pixels).
template <class Metrics>
Metrics text_metrics(float gap_per_body) {
  const Fonts& f = fonts();
  Metrics metrics;
  metrics.text_h = f.body->FontSize;
  metrics.small_h = f.small->FontSize;
  metrics.gap = std::round(f.body->FontSize * gap_per_body);
  return metrics;
}

}  // namespace lessonsim::ui
