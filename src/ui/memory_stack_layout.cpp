#include "memory_stack_layout.hpp"

#include <algorithm>

namespace lessonsim::ui {

namespace {

float y_of(const Rect& slot, double gb, double scale_gb) {
  return slot.y1 - static_cast<float>(gb / scale_gb) * slot.height();
}

MemoryBar stack(const Rect& column, const std::vector<std::pair<MemoryPart, double>>& parts,
                double scale_gb, float line_y, const MemoryMetrics& m) {
  MemoryBar bar;
  bar.title = {column.x0, column.y0, column.x1, column.y0 + m.text_h * 1.2f + m.small_h * 1.3f};
  bar.caption = {column.x0, column.y1 - m.small_h * 2.8f, column.x1, column.y1};
  bar.slot = {column.x0, bar.title.y1, column.x1, bar.caption.y0 - m.small_h * 0.4f};
  double below = 0;
  for (const auto& [part, gb] : parts) {
    if (gb <= 0) continue;
    StackSegment s;
    s.part = part;
    s.gb = gb;
    s.rect = {bar.slot.x0, y_of(bar.slot, below + gb, scale_gb), bar.slot.x1,
              y_of(bar.slot, below, scale_gb)};
    s.over = {s.rect.x0, s.rect.y0, s.rect.x1, std::max(s.rect.y0, std::min(s.rect.y1, line_y))};
    s.labelled = s.rect.height() >= m.small_h * 1.2f;
    below += gb;
    bar.segments.push_back(s);
  }
  bar.total_gb = below;
  return bar;
}

}  // namespace

MemoryLayout layout_memory_stack(const MemoryFigures& f, Rect area, const MemoryMetrics& m) {
  MemoryLayout out;
  out.area = area;
  const float pad = m.gap;
  const float w = std::max(area.width(), 1.0f);
  double train_total = 0;
  for (double gb : f.train_gb)
    train_total += gb;
  // Headroom above the tallest thing so the line and the tops never touch the frame.
  out.scale_gb = std::max({f.capacity_gb, f.serve_gb, train_total, 1e-9}) * 1.08;

  // Bars take the left, the legend the right; the line's label sits between them.
  const float legend_w = std::clamp(w * 0.34f, m.text_h * 8, m.text_h * 15);
  const float label_w = m.text_h * 5.5f;
  const float bars_w = std::max(w - legend_w - label_w - 3 * pad, m.text_h * 4);
  const float bar_w = std::min((bars_w - pad * 2) / 2, m.text_h * 7);
  const float bars_x0 = area.x0 + pad + std::max(0.0f, (bars_w - (2 * bar_w + pad * 2)) * 0.5f);
  const float y0 = area.y0 + pad * 0.5f;
  const float y1 = std::max(area.y1 - pad * 0.5f, y0 + m.text_h * 8);
  Rect serve_col{bars_x0, y0, bars_x0 + bar_w, y1};
  Rect train_col{serve_col.x1 + pad * 2, y0, serve_col.x1 + pad * 2 + bar_w, y1};

  // The line's height depends only on the slot, the same for both columns.
  MemoryBar probe = stack(serve_col, {}, out.scale_gb, 0, m);
  const float line_y = y_of(probe.slot, f.capacity_gb, out.scale_gb);
  out.serve = stack(serve_col, {{MemoryPart::weights, f.serve_gb}}, out.scale_gb, line_y, m);
  std::vector<std::pair<MemoryPart, double>> parts;
  for (int k = 0; k < memory_part_count; ++k)
    parts.emplace_back(static_cast<MemoryPart>(k), f.train_gb[static_cast<std::size_t>(k)]);
  out.train = stack(train_col, parts, out.scale_gb, line_y, m);
  out.serve.over = f.serve_gb > f.capacity_gb;
  out.train.over = f.overflow_gb > 0;

  const float thick = std::max(2.0f, m.gap * 0.15f);
  out.line = {serve_col.x0 - pad * 0.5f, line_y - thick * 0.5f, train_col.x1 + pad * 0.5f,
              line_y + thick * 0.5f};
  out.line_label = {out.line.x1 + 4, line_y - m.small_h * 1.5f, out.line.x1 + 4 + label_w,
                    line_y + m.small_h * 1.5f};

  // Two lines of settings above the legend's rows.
  out.legend = {out.line_label.x1 + pad, y0 + m.text_h * 2.8f, area.x1 - pad, y1};
  const float row_h = m.text_h * 2.4f;
  for (std::size_t k = 0; k < out.legend_rows.size(); ++k) {
    float ry = out.legend.y0 + static_cast<float>(k) * row_h;
    out.legend_rows[k] = {out.legend.x0, ry, out.legend.x1, ry + row_h - 4};
  }
  return out;
}

}  // namespace lessonsim::ui
