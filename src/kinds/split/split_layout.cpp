#include "split_layout.hpp"

#include <algorithm>
#include <cmath>

#include "tween.hpp"

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

  // The model block across the top; its height is fixed, its width is its memory. A short
  // area (large text) gives it less height, down to room for a line of text above the ticks.
  float block_h = clampf(h * 0.15f, m.text_h * 1.4f + m.tick, m.text_h * 3.6f);
  const float model_y0 = area.y0 + pad * 0.5f;
  out.hint = {area.x0 + pad, model_y0 + block_h + 4, area.x0 + std::max(w - pad, pad + 1.0f),
              model_y0 + block_h + 4 + m.small_h * 1.4f};

  // The GPU row fills the rest. The scale lets the whole model tower on one GPU (the most a GPU
  // can be asked to hold) with its overflow label above, and the model span the width.
  // A short area (large text in a small window) tightens the gaps round the GPU row, so the
  // towers get the height.
  const bool short_area = h < m.text_h * 14;
  const float row_y0 = out.hint.y1 + (short_area ? pad * 0.4f : pad);
  const float row_y1 = std::max(area.y1 - (short_area ? 2.0f : pad * 0.5f), row_y0 + 4 * m.small_h);
  const float caption_h = m.small_h * (short_area ? 2.3f : 2.8f);
  const float label_h = m.small_h * 1.3f;
  const float gauge_bottom = row_y1 - caption_h;
  const float tower_room = std::max(gauge_bottom - row_y0 - label_h - 2, 8.0f);
  const float avail = std::max(w - 2 * pad, m.min_card_w);
  out.px_per_gb =
      std::min(static_cast<double>(tower_room) / std::max({model_gb, capacity_gb, 1e-9}),
               static_cast<double>(avail) / std::max(model_gb, 1e-9));
  const Scale memory = memory_scale_gb(out.px_per_gb);
  const float model_w = std::max(memory.length(model_gb), 1.0f);
  float model_x0 = area.x0 + pad + std::max(0.0f, (avail - model_w) * 0.5f);
  out.label_beside = m.label_w > 0;
  const float beside = m.label_w + m.gap * 0.5f;  // the label and its gap from the block
  if (out.label_beside && area.x1 - pad - (model_x0 + model_w) < beside &&
      model_x0 - (area.x0 + pad) < beside) {
    // Neither side has the room: the block moves left so the label keeps it on the right.
    model_x0 = std::max(area.x0 + pad, area.x1 - pad - beside - model_w);
  }
  out.model = {model_x0, model_y0, model_x0 + model_w, model_y0 + block_h};
  out.tick_h = std::min(m.tick, block_h * 0.25f);
  if (!out.label_beside) {
    out.label = {out.model.x0, out.model.y0, out.model.x1, out.model.y1 - out.tick_h};
  } else {
    const bool right =
        area.x1 - pad - out.model.x1 >= beside || area.x1 - out.model.x1 >= out.model.x0 - area.x0;
    const float x0 = right ? out.model.x1 + m.gap * 0.5f : out.model.x0 - beside;
    const float cy = out.model.center_y();
    out.label = {x0, cy - m.label_h * 0.5f, x0 + m.label_w, cy + m.label_h * 0.5f};
  }
  out.marks.push_back(
      memory.right(model_gb, out.model.x0, out.model.y0, out.model.y1, area.x1).of("model_gb"));
  // Ticks only while they stand apart; a model of thousands of chips gets none.
  if (capacity_gb > 0 && model_gb / capacity_gb <= 64) {
    for (double at = capacity_gb; at < model_gb; at += capacity_gb)
      out.chip_ticks.push_back(out.model.x0 + memory.length(at));
  }
  std::vector<calc::Bytes> sizes = machine.slice_sizes();
  double cumulative = 0;
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    const double gb = calc::bytes_to_gb(sizes[k]);
    float x0 = out.model.x0 + memory.length(cumulative);
    cumulative += gb;
    float x1 = out.model.x0 + memory.length(cumulative);
    out.slices.push_back({{x0, out.model.y0, x1, out.model.y1}, static_cast<std::int64_t>(k), gb});
    // Each slice is a length of the model too, so nothing drawn over the block can hide a cut.
    if (sizes.size() > 1)
      out.marks.push_back(memory.right(gb, x0, out.model.y0, out.model.y1, area.x1).of("slice_gb"));
    float half = m.seam * 0.5f;
    if (k > 0) out.seams.push_back({x0 - half, out.model.y0, x0 + half, out.model.y1});
  }

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
  const calc::Bytes max_load = loads.empty() ? 0 : *std::max_element(loads.begin(), loads.end());
  const float inner = std::min(10.0f, card_w * 0.12f);
  const float gauge_h = memory.length(capacity_gb);
  const float card_y0 = gauge_bottom - gauge_h - inner;
  for (std::int64_t i = 0; i < shown; ++i) {
    GpuCard c;
    c.index = i;
    float x0 = x_start + static_cast<float>(i) * (card_w + m.gap);
    c.card = {x0, card_y0, x0 + card_w, row_y1};
    c.gauge = {x0 + inner, gauge_bottom - gauge_h, x0 + card_w - inner, gauge_bottom};
    c.caption = {x0, c.gauge.y1, x0 + card_w, row_y1};
    c.compact = card_w < m.text_h * 3.2f;
    c.capacity_gb = capacity_gb;
    auto idx = static_cast<std::size_t>(i);
    c.load_gb = idx < loads.size() ? calc::bytes_to_gb(loads[idx]) : 0;
    c.fill_fraction = capacity_gb > 0 ? std::min(c.load_gb / capacity_gb, 1.0) : 0;
    c.fill = {c.gauge.x0, c.gauge.y1 - memory.length(std::min(c.load_gb, capacity_gb)), c.gauge.x1,
              c.gauge.y1};
    const bool over = idx < loads.size() && loads[idx] > machine.gpu_bytes();
    out.marks.push_back(
        memory.up(capacity_gb, c.gauge.x0, c.gauge.x1, c.gauge.y1, area.y0).of("gpu_memory_gb"));
    // The fullest GPU's load is the machine's max_load_gb; within its memory it is fine.
    const bool fullest = idx < loads.size() && loads[idx] == max_load;
    out.marks.push_back(memory.up(c.load_gb, c.gauge.x0, c.gauge.x1, c.gauge.y1, area.y0)
                            .of(fullest ? "max_load_gb" : "", over ? Signal::fault : Signal::ok));
    if (idx < blocks.size()) {
      double below = 0;
      for (std::int64_t s = blocks[idx].first; s < blocks[idx].first + blocks[idx].count; ++s) {
        double gb = calc::bytes_to_gb(sizes[static_cast<std::size_t>(s)]);
        float y1 = c.gauge.y1 - memory.length(below);
        float y0 = c.gauge.y1 - memory.length(below + gb);
        below += gb;
        if (y1 <= c.gauge.y0) break;
        c.segments.push_back({{c.gauge.x0, std::max(y0, c.gauge.y0), c.gauge.x1, y1}, s});
      }
    }
    if (over) {
      c.overflowing = true;
      c.overflow_gb = calc::bytes_to_gb(loads[idx] - machine.gpu_bytes());
      // The excess at its true height above the memory line (the scale leaves room for it).
      Mark overflow = memory.up(c.overflow_gb, c.gauge.x0, c.gauge.x1, c.gauge.y0, area.y0);
      c.overflow = overflow.rect;
      c.overflow_label = {c.card.x0 - m.gap * 0.5f, c.overflow.y0 - label_h,
                          c.card.x1 + m.gap * 0.5f, c.overflow.y0 - 2};
      out.marks.push_back(overflow.of(fullest ? "overflow_gb" : "", Signal::fault));
    }
    out.gpus.push_back(std::move(c));
  }
  if (out.hidden_gpus > 0) {
    float x0 = x_start + static_cast<float>(shown) * (card_w + m.gap);
    out.more = {x0, card_y0, x0 + more_w, row_y1};
  }

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

SplitCutFrame split_cut_frame(const SplitLayout& l, float t) {
  constexpr float cut_end = 0.35f;  // the first third cuts, the rest travels
  SplitCutFrame f;
  t = std::clamp(t, 0.0f, 1.0f);
  const float cut = std::min(t / cut_end, 1.0f);
  f.seams = ease(cut);
  f.gpu_alpha = 0.3f + 0.7f * cut;
  f.travelling = t >= cut_end;
  const float move = f.travelling ? ease((t - cut_end) / (1 - cut_end)) : 0;
  for (const auto& s : l.slices) {
    Rect target = s.rect;
    for (const auto& c : l.gpus) {
      for (const auto& seg : c.segments) {
        if (seg.slice == s.index) target = seg.rect;
      }
    }
    SliceRect moved = s;
    moved.rect = lerp(s.rect, target, move);
    f.slices.push_back(moved);
  }
  return f;
}

}  // namespace lessonsim::ui
