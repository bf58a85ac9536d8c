// The batching picture's geometry: bars scaled so the limit and any excess are both in view.
#include "batching_layout.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace lessonsim::ui {

namespace {

// The rows' heights: in a short area (large text, a small window) the bars and the gaps give up
// height first, down to a bar a little thinner than a line of text, so every row stays inside
// the picture.
struct BatchingRows {
  float bar_h = 0;
  float gap = 0;
  float tile_h = 0;
};

BatchingRows batching_rows(const BatchingMetrics& m, float height) {
  const float full_bar = std::round(m.text_h * 2.4f);
  const float least = 0.8f / 2.4f;
  const auto lines =
      static_cast<float>(m.headline_lines + m.memory_caption_lines + m.latency_caption_lines);
  const float text = lines * m.small_h + 2 * m.text_h;  // the headline, captions and labels
  const float tile_full = std::round(m.small_h + m.text_h * 1.6f);
  const float tile_least = std::round(m.small_h + m.text_h * 1.2f);
  // Two bars and four gaps (each bar's label and caption take a quarter gap each) squeeze.
  const float squeezable = 2 * full_bar + 4 * m.gap + (tile_full - tile_least);
  const float s = std::clamp((height - text - tile_least) / squeezable, least, 1.0f);
  return {std::round(full_bar * s), m.gap * s,
          std::round(tile_least + (tile_full - tile_least) * s)};
}

// A track of `limits_in_view` limits on `scale`; `value` is the bar drawn against the limit.
BatchingLimitBar limit_bar(float x0, float x1, float& y, double value, double limit, Scale& scale,
                           const BatchingMetrics& m, const BatchingRows& rows, int caption_lines,
                           Marks& marks) {
  BatchingLimitBar b;
  b.label = {x0, y, x1, y + m.text_h};
  y = b.label.y1 + rows.gap * 0.25f;
  b.bar = {x0, y, x1, y + rows.bar_h};
  y = b.bar.y1 + rows.gap * 0.25f;
  b.caption = {x0, y, x1, y + m.small_h * static_cast<float>(caption_lines)};
  y = b.caption.y1 + rows.gap;
  scale.px_per_shown = (x1 - x0) / std::max(limit * m.limits_in_view, 1e-9);
  b.limit_x = x0 + scale.length(limit);
  Mark mark = scale.right(value, x0, b.bar.y0, b.bar.y1, x1);
  b.broken = mark.broken;
  b.over = value > limit;
  if (b.over) b.over_part = {b.limit_x, b.bar.y0, mark.rect.x1, b.bar.y1};
  marks.push_back(std::move(mark));
  return b;
}

}  // namespace

BatchingLayout layout_batching(const BatchingFigures& f, Rect area, const BatchingMetrics& m) {
  BatchingLayout l;
  const BatchingRows rows = batching_rows(m, area.height());
  l.bar_h = rows.bar_h;
  float x0 = area.x0, x1 = area.x1, y = area.y0;
  l.headline = {x0, y, x1, y + m.small_h * static_cast<float>(m.headline_lines)};
  y = l.headline.y1 + rows.gap;

  double used = f.weights_gb + f.kv_gb;
  Scale memory = memory_scale_gb(1);
  l.memory =
      limit_bar(x0, x1, y, used, f.memory_gb, memory, m, rows, m.memory_caption_lines, l.marks);
  Mark weights = memory.right(f.weights_gb, x0, l.memory.bar.y0, l.memory.bar.y1, x1);
  Mark kv = memory.right(f.kv_gb, weights.rect.x1, l.memory.bar.y0, l.memory.bar.y1, x1);
  l.weights = weights.rect;
  l.kv = kv.rect;
  if (!l.memory.broken) l.marks.insert(l.marks.end(), {weights, kv});

  Scale time = time_scale("s", 1);
  time.shown_unit = "ms";
  time.base_per_shown = 1e-3;
  l.latency =
      limit_bar(x0, x1, y, f.step_ms, f.target_ms, time, m, rows, m.latency_caption_lines, l.marks);
  l.step = {x0, l.latency.bar.y0, l.marks.back().rect.x1, l.latency.bar.y1};

  float tile_w = (area.width() - 2 * m.gap * 0.5f) / 3;
  for (std::size_t k = 0; k < l.tiles.size(); ++k) {
    float tx = x0 + static_cast<float>(k) * (tile_w + m.gap * 0.5f);
    l.tiles[k] = {tx, y, tx + tile_w, y + rows.tile_h};
  }
  l.fits = l.tiles[0].y1 <= area.y1 + 0.5f;
  return l;
}

}  // namespace lessonsim::ui
