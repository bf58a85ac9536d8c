// The lab checks' geometry: bars scaled per check, the numbers beside them when there is room.
#include "lab_layout.hpp"

#include <algorithm>
#include <utility>

namespace lessonsim::ui {

LabChecksLayout layout_lab_checks(const std::array<LabCheckFigure, lab_check_count>& figures,
                                  Rect area, const LabMetrics& m) {
  LabChecksLayout l;
  float bar_x0 = area.x0 + m.name_w + m.gap;
  float side_bar_w = area.x1 - bar_x0 - m.gap - m.text_w;
  l.stacked = side_bar_w < m.min_bar_w;
  float bar_x1 = l.stacked ? area.x1 : bar_x0 + side_bar_w;
  float line_h = m.small_h * 1.4f;
  float row_h = (l.stacked ? 2 * line_h : line_h) + m.gap * 0.5f;
  float y = area.y0;
  for (std::size_t k = 0; k < lab_check_count; ++k) {
    const LabCheckFigure& f = figures[k];
    LabCheckRow& r = l.rows[k];
    r.name = {area.x0, y, area.x0 + m.name_w, y + line_h};
    float pad = m.small_h * 0.2f;
    r.bar = {bar_x0, y + pad, bar_x1, y + line_h - pad};
    r.text = l.stacked ? Rect{bar_x0, y + line_h, area.x1, y + 2 * line_h}
                       : Rect{bar_x1 + m.gap, y, area.x1, y + line_h};
    Scale scale = f.scale;
    scale.px_per_shown = r.bar.width() / (2 * std::max(f.limit, 1e-9));
    r.limit_x = r.bar.x0 + scale.length(f.limit);
    Mark used = scale.right(f.used, r.bar.x0, r.bar.y0, r.bar.y1, r.bar.x1);
    r.fill = used.rect;
    r.broken = used.broken;
    l.marks.push_back(std::move(used));
    // The machine's verdict, not the bar's, says whether it is over (its figures are rounded).
    r.over = !f.ok;
    if (r.over) r.over_part = {r.limit_x, r.bar.y0, std::max(r.fill.x1, r.limit_x), r.bar.y1};
    y += row_h;
  }
  l.bottom = y;
  return l;
}

}  // namespace lessonsim::ui
