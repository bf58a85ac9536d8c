// The batching picture's geometry: bars scaled so the limit and any excess are both in view.
#include "batching_layout.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace lessonsim::ui {

namespace {

// A track of `limits_in_view` limits on `scale`; `value` is the bar drawn against the limit.
BatchingLimitBar limit_bar(float x0, float x1, float& y, double value, double limit, Scale& scale,
                           const BatchingMetrics& m, Marks& marks) {
  BatchingLimitBar b;
  b.label = {x0, y, x1, y + m.text_h};
  y = b.label.y1 + m.gap * 0.25f;
  float bar_h = std::round(m.text_h * 2.4f);
  b.bar = {x0, y, x1, y + bar_h};
  y = b.bar.y1 + m.gap * 0.25f;
  b.caption = {x0, y, x1, y + m.small_h};
  y = b.caption.y1 + m.gap;
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
  float x0 = area.x0, x1 = area.x1, y = area.y0;
  l.headline = {x0, y, x1, y + m.text_h};
  y = l.headline.y1 + m.gap;

  double used = f.weights_gb + f.kv_gb;
  Scale memory = memory_scale_gb(1);
  l.memory = limit_bar(x0, x1, y, used, f.memory_gb, memory, m, l.marks);
  Mark weights = memory.right(f.weights_gb, x0, l.memory.bar.y0, l.memory.bar.y1, x1);
  Mark kv = memory.right(f.kv_gb, weights.rect.x1, l.memory.bar.y0, l.memory.bar.y1, x1);
  l.weights = weights.rect;
  l.kv = kv.rect;
  if (!l.memory.broken) l.marks.insert(l.marks.end(), {weights, kv});

  Scale time = time_scale("s", 1);
  time.shown_unit = "ms";
  time.base_per_shown = 1e-3;
  l.latency = limit_bar(x0, x1, y, f.step_ms, f.target_ms, time, m, l.marks);
  l.step = {x0, l.latency.bar.y0, l.marks.back().rect.x1, l.latency.bar.y1};

  float tile_h = std::round(m.small_h + m.text_h * 1.6f);
  float tile_w = (area.width() - 2 * m.gap * 0.5f) / 3;
  for (std::size_t k = 0; k < l.tiles.size(); ++k) {
    float tx = x0 + static_cast<float>(k) * (tile_w + m.gap * 0.5f);
    l.tiles[k] = {tx, y, tx + tile_w, y + tile_h};
  }
  l.fits = l.tiles[0].y1 <= area.y1 + 0.5f;
  return l;
}

}  // namespace lessonsim::ui
