#include "split_layout.hpp"

#include <algorithm>
#include <cmath>

namespace lessonsim::ui {

namespace {

float clampf(float v, float lo, float hi) {
  return std::max(lo, std::min(v, hi));
}

}  // namespace

SplitLayout layout_split(const SplitMachine& machine, Rect area, const SplitMetrics& m) {
  SplitLayout out;
  out.area = area;
  const float w = std::max(area.width(), 1.0f);
  const float h = std::max(area.height(), 1.0f);
  const float pad = m.gap;
  const double model_gb = calc::bytes_to_gb(machine.model_bytes());
  const double capacity_gb = calc::bytes_to_gb(machine.gpu_bytes());
  out.model_gb = model_gb;

  // The model block across the top, its slices side by side in proportion to their bytes.
  float block_h = clampf(h * 0.15f, m.text_h * 2.4f, m.text_h * 3.6f);
  out.model = {area.x0 + pad, area.y0 + pad * 0.5f, area.x0 + std::max(w - pad, pad + 1.0f),
               area.y0 + pad * 0.5f + block_h};
  out.hint = {out.model.x0, out.model.y1 + 4, out.model.x1, out.model.y1 + 4 + m.small_h * 1.4f};
  std::vector<calc::Bytes> sizes = machine.slice_sizes();
  const auto total = static_cast<double>(std::max<calc::Bytes>(machine.model_bytes(), 1));
  double cumulative = 0;
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    float x0 = out.model.x0 + static_cast<float>(cumulative / total) * out.model.width();
    cumulative += static_cast<double>(sizes[k]);
    float x1 = out.model.x0 + static_cast<float>(cumulative / total) * out.model.width();
    out.slices.push_back({{x0, out.model.y0, x1, out.model.y1},
                          static_cast<std::int64_t>(k),
                          calc::bytes_to_gb(sizes[k])});
    float half = m.seam * 0.5f;
    if (k > 0) out.seams.push_back({x0 - half, out.model.y0, x0 + half, out.model.y1});
  }

  // The GPU row fills the rest; the band above it is where an overflow sticks out.
  const float row_y0 = out.hint.y1 + pad;
  const float row_y1 = std::max(area.y1 - pad * 0.5f, row_y0 + 4 * m.small_h);
  const float row_h = row_y1 - row_y0;
  const float headroom = std::max(row_h * 0.22f, m.small_h * 2.6f);
  const float caption_h = m.small_h * 2.8f;
  const float avail = std::max(w - 2 * pad, m.min_card_w);
  const std::int64_t n = machine.gpus();
  auto fit_count = [&](float width) {
    return std::max<std::int64_t>(
        1, static_cast<std::int64_t>(std::floor((width + m.gap) / (m.min_card_w + m.gap))));
  };
  std::int64_t shown = std::min(n, fit_count(avail));
  float more_w = 0;
  if (shown < n) {
    more_w = m.text_h * 4;
    shown = std::min(n, fit_count(std::max(avail - more_w - m.gap, m.min_card_w)));
    out.hidden_gpus = n - shown;
  }
  const float cards_w = std::max(avail - (out.hidden_gpus > 0 ? more_w + m.gap : 0), m.min_card_w);
  const auto gaps = static_cast<float>(shown - 1);
  const float card_w = std::min(m.max_card_w, (cards_w - gaps * m.gap) / static_cast<float>(shown));
  const float row_w = card_w * static_cast<float>(shown) + gaps * m.gap +
                      (out.hidden_gpus > 0 ? more_w + m.gap : 0);
  const float x_start = area.x0 + pad + std::max(0.0f, (avail - row_w) * 0.5f);

  std::vector<calc::Bytes> loads = machine.loads();
  std::vector<calc::Block> blocks = machine.placement();
  const float inner = std::min(10.0f, card_w * 0.12f);
  const float card_y0 = row_y0 + headroom;
  for (std::int64_t i = 0; i < shown; ++i) {
    GpuCard c;
    c.index = i;
    float x0 = x_start + static_cast<float>(i) * (card_w + m.gap);
    c.card = {x0, card_y0, x0 + card_w, row_y1};
    c.gauge = {x0 + inner, card_y0 + inner, x0 + card_w - inner,
               std::max(row_y1 - caption_h, card_y0 + inner + 4)};
    c.caption = {x0, c.gauge.y1, x0 + card_w, row_y1};
    c.compact = card_w < m.text_h * 3.2f;
    c.capacity_gb = capacity_gb;
    auto idx = static_cast<std::size_t>(i);
    c.load_gb = idx < loads.size() ? calc::bytes_to_gb(loads[idx]) : 0;
    c.fill_fraction = capacity_gb > 0 ? std::min(c.load_gb / capacity_gb, 1.0) : 0;
    const float gh = c.gauge.height();
    c.fill = {c.gauge.x0, c.gauge.y1 - static_cast<float>(c.fill_fraction) * gh, c.gauge.x1,
              c.gauge.y1};
    if (idx < blocks.size()) {
      double below = 0;
      for (std::int64_t s = blocks[idx].first; s < blocks[idx].first + blocks[idx].count; ++s) {
        double gb = calc::bytes_to_gb(sizes[static_cast<std::size_t>(s)]);
        float y1 = c.gauge.y1 - static_cast<float>(below / capacity_gb) * gh;
        float y0 = c.gauge.y1 - static_cast<float>((below + gb) / capacity_gb) * gh;
        below += gb;
        if (y1 <= c.gauge.y0) break;
        c.segments.push_back({{c.gauge.x0, std::max(y0, c.gauge.y0), c.gauge.x1, y1}, s});
      }
    }
    if (loads[idx] > machine.gpu_bytes()) {
      c.overflowing = true;
      c.overflow_gb = calc::bytes_to_gb(loads[idx] - machine.gpu_bytes());
      float label_h = m.small_h * 1.3f;
      float room = std::max(headroom + inner - label_h - 2, 6.0f);
      float rise = clampf(static_cast<float>(c.overflow_gb / capacity_gb) * gh, 6.0f, room);
      c.overflow = {c.gauge.x0, c.gauge.y0 - rise, c.gauge.x1, c.gauge.y0};
      c.overflow_label = {c.card.x0 - m.gap * 0.5f, c.overflow.y0 - label_h,
                          c.card.x1 + m.gap * 0.5f, c.overflow.y0 - 2};
    }
    out.gpus.push_back(std::move(c));
  }
  if (out.hidden_gpus > 0) {
    float x0 = x_start + static_cast<float>(shown) * (card_w + m.gap);
    out.more = {x0, card_y0, x0 + more_w, row_y1};
  }

  calc::Bytes max_load = loads.empty() ? 0 : *std::max_element(loads.begin(), loads.end());
  out.fits = max_load <= machine.gpu_bytes();
  if (out.fits && m.gap >= 6) {
    float thickness = std::max(4.0f, m.gap * 0.35f);
    for (std::size_t i = 0; i + 1 < out.gpus.size(); ++i) {
      const GpuCard& a = out.gpus[i];
      const GpuCard& b = out.gpus[i + 1];
      float y = a.gauge.center_y();
      out.links.push_back({{a.card.x1, y - thickness * 0.5f, b.card.x0, y + thickness * 0.5f},
                           static_cast<std::int64_t>(i)});
    }
  }
  return out;
}

}  // namespace lessonsim::ui
