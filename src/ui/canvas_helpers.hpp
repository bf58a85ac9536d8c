// What every machine canvas shares: its row of action buttons with Undo last, the area it
// draws in, and the font sizes its layout is given.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "rect.hpp"
#include "theme.hpp"
#include "toolbar_layout.hpp"
#include "view_context.hpp"

namespace lessonsim::ui {

// A row of a machine's buttons that wraps at the window's edge: each shown only when the step
// allows its action, recorded as a click target, its click pushed as the frame's action (the
// screen applies it; the canvas never does). draw() draws them all at one size: full while they
// take at most two rows, else tighter and then in the small font (see plan_toolbar), so large
// text does not stack them down the picture. It is a call, not the destructor's work, so a
// failed ImGui check while drawing reaches the caller instead of ending the program.
class Toolbar {
 public:
  // `first`: the row starts here (false: it continues what is already on the line);
  // `max_rows`: the rows it may take before it packs its buttons tighter.
  explicit Toolbar(ViewContext& ctx, bool first = true, int max_rows = 2)
      : ctx_(ctx), first_(first), max_rows_(max_rows) {}
  Toolbar(const Toolbar&) = delete;
  Toolbar& operator=(const Toolbar&) = delete;

  // `op` with no parameters; its target is named after it.
  Toolbar& button(const char* op, const std::string& label) {
    return button(op, label, Action::make(op));
  }
  // `action` when clicked, shown when `op` is allowed; `target` names the click target where
  // two buttons play the same op (else the op names it).
  Toolbar& button(const char* op, const std::string& label, Action action,
                  const char* target = nullptr);
  // One of a set of choices (a link, a cooling): `chosen` is drawn as selected, `dimmed` as
  // unavailable (a click still asks the machine, which says why not).
  Toolbar& choice(const char* op, const std::string& label, Action action, const char* target,
                  bool chosen, bool dimmed);
  // Undo, when the engine can undo a move of this step.
  Toolbar& undo(const std::string& label);
  // Lets labels that stand one to a row break onto two lines, two buttons to a row, when that
  // takes less height (see plan_toolbar).
  Toolbar& two_lines_when_long() {
    two_lines_ = true;
    return *this;
  }
  // Draws the buttons added so far, and forgets them.
  void draw();

 private:
  struct Entry {
    std::string label;
    Action action;
    std::string target;  // empty for Undo, which is no click target
    bool chosen = false;
    bool dimmed = false;
  };
  ViewContext& ctx_;
  bool first_;
  int max_rows_;
  bool two_lines_ = false;
  std::vector<Entry> entries_;
};

// While alive, the buttons drawn are in `plan`'s font, padding and spacing.
class ToolbarStyleScope {
 public:
  explicit ToolbarStyleScope(const ToolbarPlan& plan);
  ~ToolbarStyleScope();
  ToolbarStyleScope(const ToolbarStyleScope&) = delete;
  ToolbarStyleScope& operator=(const ToolbarStyleScope&) = delete;

 private:
  bool font_pushed_ = false;
};

// How buttons with these labels are best packed across the rest of the window's row;
// `two_line` the same labels broken in two (none: never on two lines).
ToolbarPlan plan_toolbar_for(const std::vector<std::string>& labels, int max_rows = 2,
                             const std::vector<std::string>& two_line = {});

// `label` broken at the space that leaves its two lines the least wide in `font` (its "##id"
// kept at the end); unchanged when it has no space.
std::string broken_in_two(const std::string& label, const ImFont& font);

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
