#include "toolbar_layout.hpp"

#include <algorithm>

namespace lessonsim::ui {

int toolbar_rows(const std::vector<float>& widths, float row_w, float spacing) {
  int rows = 0;
  float x = 0;
  for (float w : widths) {
    if (rows == 0 || x + spacing + w > row_w) {
      ++rows;
      x = w;
    } else {
      x += spacing + w;
    }
  }
  return rows;
}

ToolbarPlan plan_toolbar(const std::vector<float>& body_w, const std::vector<float>& small_w,
                         float row_w, const ToolbarMetrics& m, int max_rows,
                         const std::vector<float>& two_line_w) {
  // Tight padding follows the font, not the reading text's scale: at 200% text the canvas's
  // words are capped smaller than the reading text, and so is the room around them.
  auto tight = [](float font_h, bool small, bool two_lines = false) {
    return ToolbarStyle{small,          two_lines,     font_h * 0.45f,
                        font_h * 0.25f, font_h * 0.4f, font_h * 0.3f};
  };
  std::vector<ToolbarStyle> styles = {{false, false, m.pad_x, m.pad_y, m.spacing_x, m.spacing_y},
                                      tight(m.body_h, false),
                                      tight(m.small_h, true)};
  if (!two_line_w.empty()) styles.push_back(tight(m.small_h, true, true));
  ToolbarPlan best;
  for (const ToolbarStyle& s : styles) {
    const std::vector<float>& text = s.two_lines ? two_line_w : s.small_font ? small_w : body_w;
    std::vector<float> widths;
    widths.reserve(text.size());
    for (float w : text)
      widths.push_back(w + 2 * s.pad_x);
    ToolbarPlan plan;
    plan.style = s;
    plan.rows = toolbar_rows(widths, row_w, s.spacing_x);
    const float lines = s.two_lines ? 2.0f : 1.0f;
    const float button_h = (s.small_font ? m.small_h : m.body_h) * lines + 2 * s.pad_y;
    plan.height = plan.rows > 0 ? static_cast<float>(plan.rows) * button_h +
                                      static_cast<float>(plan.rows - 1) * s.spacing_y
                                : 0;
    // Two-line buttons only ever win on height: their words read less easily.
    if (plan.rows <= max_rows && !s.two_lines) return plan;
    if (best.rows == 0 || plan.height < best.height) best = plan;
  }
  return best;
}

}  // namespace lessonsim::ui
