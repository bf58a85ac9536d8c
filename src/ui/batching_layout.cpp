// The batching picture's geometry: bars scaled so the limit and any excess are both in view.
#include "batching_layout.hpp"

#include <algorithm>
#include <cmath>

namespace lessonsim::ui {

namespace {

// A bar whose track ends at the larger of the limit and the value, so an excess is visible.
LimitBar limit_bar(float x0, float x1, float& y, double value, double limit,
                   const BatchingMetrics& m) {
  LimitBar b;
  b.label = {x0, y, x1, y + m.text_h};
  y = b.label.y1 + m.gap * 0.25f;
  float bar_h = std::round(m.text_h * 2.4f);
  b.bar = {x0, y, x1, y + bar_h};
  y = b.bar.y1 + m.gap * 0.25f;
  b.caption = {x0, y, x1, y + m.small_h};
  y = b.caption.y1 + m.gap;
  double scale = std::max({limit, value, 1e-9});
  b.limit_x = x0 + static_cast<float>(limit / scale) * (x1 - x0);
  b.over = value > limit;
  if (b.over) b.over_part = {b.limit_x, b.bar.y0, x1, b.bar.y1};
  return b;
}

float x_of(const LimitBar& b, double value, double limit) {
  double scale = std::max({limit, value, 1e-9});
  return b.bar.x0 + static_cast<float>(std::clamp(value / scale, 0.0, 1.0)) * b.bar.width();
}

}  // namespace

BatchingLayout layout_batching(const BatchingFigures& f, Rect area, const BatchingMetrics& m) {
  BatchingLayout l;
  float x0 = area.x0, x1 = area.x1, y = area.y0;
  l.headline = {x0, y, x1, y + m.text_h};
  y = l.headline.y1 + m.gap;

  double used = f.weights_gb + f.kv_gb;
  l.memory = limit_bar(x0, x1, y, used, f.memory_gb, m);
  float w_end = x_of(l.memory, f.weights_gb, std::max(f.memory_gb, used));
  float kv_end = x_of(l.memory, used, f.memory_gb);
  l.weights = {x0, l.memory.bar.y0, w_end, l.memory.bar.y1};
  l.kv = {w_end, l.memory.bar.y0, std::max(kv_end, w_end), l.memory.bar.y1};

  l.latency = limit_bar(x0, x1, y, f.step_ms, f.target_ms, m);
  l.step = {x0, l.latency.bar.y0, x_of(l.latency, f.step_ms, f.target_ms), l.latency.bar.y1};

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
