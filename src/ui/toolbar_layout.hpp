// How a machine's row of buttons is packed: at full size while that takes few rows, else with
// tighter padding and then the small font, so large text in a small window does not stack the
// buttons down the canvas. A pure function of the labels' widths, tested without a window.
#pragma once

#include <vector>

namespace lessonsim::ui {

// The sizes the toolbar can be drawn at, in pixels: the full style's padding and spacing, and
// the body and small fonts' heights.
struct ToolbarMetrics {
  float body_h = 20;
  float small_h = 16;
  float pad_x = 16, pad_y = 10;
  float spacing_x = 14, spacing_y = 10;
};

// One way to draw the buttons: a font (body or small), its padding and spacing.
struct ToolbarStyle {
  bool small_font = false;
  bool two_lines = false;  // each label broken at a space into two lines
  float pad_x = 0, pad_y = 0;
  float spacing_x = 0, spacing_y = 0;
};

struct ToolbarPlan {
  ToolbarStyle style;
  int rows = 0;
  float height = 0;  // from the first row's top to the last row's bottom
};

// Rows the buttons take, each `widths[k]` wide (label plus padding), flowed left to right and
// wrapped at `row_w` as the window does.
int toolbar_rows(const std::vector<float>& widths, float row_w, float spacing);

// The first of full size, tight padding and tight padding in the small font that needs at most
// `max_rows` rows (else the one that takes the least height). `body_w`/`small_w` are the labels'
// text widths in each font. When `two_line_w` is given (the wider line of each label broken in
// two, in the small font), that is a last style: labels long enough to stand one to a row (a
// long language at large text) then go two to a row in half the height.
ToolbarPlan plan_toolbar(const std::vector<float>& body_w, const std::vector<float>& small_w,
                         float row_w, const ToolbarMetrics& m, int max_rows = 2,
                         const std::vector<float>& two_line_w = {});

}  // namespace lessonsim::ui
