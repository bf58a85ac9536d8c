#include "memory_stack_layout.hpp"

#include <algorithm>

namespace lessonsim::ui {

namespace {

using Parts = std::vector<std::pair<MemoryPart, double>>;

// A bar's slot in `column`; its title and caption span `pitch`, its share of the row.
MemoryBar frame_bar(const Rect& column, float pitch, const MemoryMetrics& m) {
  MemoryBar bar;
  const float name_h =
      m.title_lines > 1 ? m.small_h * 1.15f * static_cast<float>(m.title_lines) : m.text_h * 1.2f;
  const float half = std::max(pitch * 0.5f - 2, column.width() * 0.5f);
  const float cx = column.center_x();
  bar.title = {cx - half, column.y0, cx + half, column.y0 + name_h + m.small_h * 1.3f};
  bar.caption = {cx - half, column.y1 - m.small_h * 2.8f, cx + half, column.y1};
  bar.slot = {column.x0, bar.title.y1, column.x1, bar.caption.y0 - m.small_h * 0.4f};
  return bar;
}

// Stacks the parts bottom up on `scale`; what would pass the slot's top is cut there, and then
// the bar's total is the one mark it leaves (broken, with its number).
void stack(MemoryBar& bar, const Parts& parts, const Scale& scale, float line_y,
           const MemoryMetrics& m, Marks& marks) {
  double below = 0;
  Marks parts_marks;
  for (const auto& [part, gb] : parts) {
    if (gb <= 0) continue;
    Mark mark =
        scale.up(gb, bar.slot.x0, bar.slot.x1, bar.slot.y1 - scale.length(below), bar.slot.y0);
    StackSegment s;
    s.part = part;
    s.gb = gb;
    s.rect = mark.rect;
    s.over = {s.rect.x0, s.rect.y0, s.rect.x1, std::max(s.rect.y0, std::min(s.rect.y1, line_y))};
    s.labelled = s.rect.height() >= m.small_h * 1.2f;
    below += gb;
    if (s.rect.height() > 0) bar.segments.push_back(s);
    parts_marks.push_back(std::move(mark));
  }
  bar.total_gb = below;
  Mark total = scale.up(below, bar.slot.x0, bar.slot.x1, bar.slot.y1, bar.slot.y0);
  bar.broken = total.broken;
  if (!bar.broken) marks.insert(marks.end(), parts_marks.begin(), parts_marks.end());
  marks.push_back(std::move(total));
}

Parts parts_of(const MemoryFigures& f) {
  Parts parts;
  for (int k = 0; k < memory_part_count; ++k)
    parts.emplace_back(static_cast<MemoryPart>(k), f.train_gb[static_cast<std::size_t>(k)]);
  return parts;
}

}  // namespace

MemoryLayout layout_memory_stack(const MemoryFigures& f, Rect area, const MemoryMetrics& m) {
  MemoryLayout out;
  out.area = area;
  const float pad = m.gap;
  const float w = std::max(area.width(), 1.0f);
  out.per_gpu = f.gpus > 1;
  // The whole-copy scale: the most this model can need, so settings move bars, not the scale.
  out.scale_gb = std::max({f.params_b * most_train_bytes_per_param, f.capacity_gb, f.serve_gb,
                           f.train_copy_gb, out.per_gpu ? 0.0 : f.total_gb, 1e-9}) *
                 1.05;

  // Bars take the left, the legend the right; the line's label sits between them, or in a
  // narrow canvas joins the legend so that each bar's column has room for its words.
  const int columns = out.per_gpu ? 3 : 2;
  const auto n = static_cast<float>(columns);
  out.line_in_legend = w < m.text_h * 24;
  float legend_w = 0, label_w = 0, bar_w = 0, col_gap = 0, first_x = 0;
  if (out.line_in_legend) {
    legend_w = std::clamp(w * 0.38f, m.text_h * 5, m.text_h * 8);
    const float share = std::max(w - legend_w - pad, m.text_h * 4) / n;
    bar_w = std::min(share * 0.6f, m.text_h * 7);
    col_gap = share - bar_w;
    first_x = area.x0 + col_gap * 0.5f;
  } else {
    legend_w = std::clamp(w * 0.26f, m.text_h * 7.5f, m.text_h * 13);
    label_w = m.text_h * (columns == 3 ? 4.2f : 5.5f);
    const float bars_w = std::max(w - legend_w - label_w - 3 * pad, m.text_h * 4);
    col_gap = columns == 3 ? pad * 1.4f : pad * 2;
    bar_w = std::min((bars_w - col_gap * (n - 1)) / n, m.text_h * 7);
    first_x = area.x0 + pad;
  }
  const float pitch = bar_w + col_gap;
  const float y0 = area.y0 + pad * 0.5f;
  const float y1 = std::max(area.y1 - pad * 0.5f, y0 + m.text_h * 8);
  auto column = [&](int k) {
    float x = first_x + static_cast<float>(k) * pitch;
    return Rect{x, y0, x + bar_w, y1};
  };
  out.serve = frame_bar(column(0), pitch, m);
  out.train = frame_bar(column(1), pitch, m);
  const Rect& slot = out.serve.slot;
  const Scale whole = memory_scale_gb(slot.height() / out.scale_gb);
  const float line_y = slot.y1 - whole.length(f.capacity_gb);
  stack(out.serve, {{MemoryPart::weights, f.serve_gb}}, whole, line_y, m, out.marks);
  if (out.per_gpu) {
    // The whole training copy, before it is shared out: one block of the same scale.
    stack(out.train, {{MemoryPart::optimizer, f.train_copy_gb}}, whole, line_y, m, out.marks);
  } else {
    stack(out.train, parts_of(f), whole, line_y, m, out.marks);
  }
  out.serve.over = f.serve_gb > f.capacity_gb;
  out.train.over = out.per_gpu ? f.train_copy_gb > f.capacity_gb : f.overflow_gb > 0;

  const float thick = std::max(2.0f, m.gap * 0.15f);
  out.line = {out.serve.slot.x0 - pad * 0.5f, line_y - thick * 0.5f, out.train.slot.x1 + pad * 0.5f,
              line_y + thick * 0.5f};
  float right = out.line.x1;
  if (out.per_gpu) {
    out.gpu = frame_bar(column(2), pitch, m);
    const double top = f.capacity_gb * m.gpu_view_capacities;
    out.zoom = out.scale_gb / top;
    Scale one = memory_scale_gb(out.gpu.slot.height() / top);
    one.view = "one GPU";
    const float gpu_line_y = out.gpu.slot.y1 - one.length(f.capacity_gb);
    stack(out.gpu, parts_of(f), one, gpu_line_y, m, out.marks);
    out.gpu.over = f.overflow_gb > 0;
    out.gpu_line = {out.gpu.slot.x0 - pad * 0.5f, gpu_line_y - thick * 0.5f,
                    out.gpu.slot.x1 + pad * 0.5f, gpu_line_y + thick * 0.5f};
    out.gpu_frame = {out.gpu.slot.x0 - pad * 0.5f, out.gpu.slot.y0 - 2,
                     out.gpu.slot.x1 + pad * 0.5f, out.gpu.slot.y1 + 2};
    right = out.gpu_line.x1;
  }
  if (out.line_in_legend) {
    // The settings' two lines, then the line's row, then one row per part: rows of two lines
    // while they fit, else of one.
    out.legend = {area.x1 - legend_w, y0 + m.small_h * 2.6f, area.x1 - 2, y1};
    const float row_h =
        std::clamp((out.legend.height() + 4) / 5, m.small_h * 1.2f, m.small_h * 2.2f);
    out.line_label = {out.legend.x0, out.legend.y0, out.legend.x1, out.legend.y0 + row_h - 4};
    for (std::size_t k = 0; k < out.legend_rows.size(); ++k) {
      float ry = out.legend.y0 + static_cast<float>(k + 1) * row_h;
      out.legend_rows[k] = {out.legend.x0, ry, out.legend.x1, ry + row_h - 4};
    }
    return out;
  }
  out.line_label = {right + 4, line_y - m.small_h * 1.5f, right + 4 + label_w,
                    line_y + m.small_h * 1.5f};
  if (out.per_gpu) {
    out.line_label.y0 = out.gpu_line.center_y() - m.small_h * 1.5f;
    out.line_label.y1 = out.gpu_line.center_y() + m.small_h * 1.5f;
  }

  // Two lines of settings above the legend's rows, which close up to fit a short area.
  out.legend = {out.line_label.x1 + pad, y0 + m.text_h * 2.8f, area.x1 - pad, y1};
  const float row_h = std::clamp((out.legend.height() + 4) / 4, m.small_h * 1.2f, m.text_h * 2.4f);
  for (std::size_t k = 0; k < out.legend_rows.size(); ++k) {
    float ry = out.legend.y0 + static_cast<float>(k) * row_h;
    out.legend_rows[k] = {out.legend.x0, ry, out.legend.x1, ry + row_h - 4};
  }
  return out;
}

}  // namespace lessonsim::ui
