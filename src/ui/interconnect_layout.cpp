#include "interconnect_layout.hpp"

#include <algorithm>

namespace lessonsim::ui {

namespace {

float at(const Rect& r, double fraction) {
  return r.x0 + static_cast<float>(std::clamp(fraction, 0.0, 1.0)) * r.width();
}

}  // namespace

InterconnectLayout layout_interconnect(const StepFigures& f, Rect area,
                                       const InterconnectMetrics& m) {
  InterconnectLayout out;
  out.area = area;
  out.crash = f.crash;
  const float pad = m.gap;
  const float x0 = area.x0 + pad;
  const float x1 = std::max(area.x1 - pad, x0 + m.text_h * 4);
  const float title_h = m.text_h * 1.5f;
  const float caption_h = m.small_h * 1.8f;
  const float step_h = m.text_h * 2.6f;
  const float useful_h = m.text_h * 1.3f;
  const float run_h = m.text_h * 1.6f;
  const int sections = f.crash ? 3 : 2;
  float needed = 3 * title_h + step_h + useful_h + 2 * caption_h;
  if (f.crash) needed += title_h + run_h + caption_h;
  const float spare = area.height() - needed - pad;
  const float gap = std::clamp(spare / static_cast<float>(sections), pad * 0.25f, m.text_h * 2.5f);
  float y = area.y0 + pad * 0.5f;

  out.step_title = {x0, y, x1, y + title_h};
  y += title_h;
  out.step_bar = {x0, y, x1, y + step_h};
  const double step = std::max(f.step_s, 1e-12);
  const float split = at(out.step_bar, f.compute_s / step);
  out.compute = {x0, y, split, y + step_h};
  out.exchange = {split, y, at(out.step_bar, (f.compute_s + f.exchange_s) / step), y + step_h};
  if (f.target_share >= 0) {
    out.has_target = true;
    float tx = at(out.step_bar, 1 - f.target_share);
    out.target_mark = {tx - 1.5f, y - m.small_h * 0.5f, tx + 1.5f, y + step_h + m.small_h * 0.5f};
    out.exchange_over = f.exchange_share > f.target_share;
  }
  y += step_h + m.small_h * 0.5f;
  out.step_caption = {x0, y, x1, y + caption_h};
  y += caption_h + gap;

  out.useful_title = {x0, y, x1, y + title_h};
  y += title_h;
  out.useful_bar = {x0, y, x1, y + useful_h};
  const double scale = std::max({f.gpus, f.useful_target, 1e-12});
  out.useful_fill = {x0, y, at(out.useful_bar, f.useful_gpus / scale), y + useful_h};
  float gx = at(out.useful_bar, f.gpus / scale);
  out.gpus_mark = {gx - 1.5f, y - 4, gx + 1.5f, y + useful_h + 4};
  if (f.useful_target >= 0) {
    out.has_useful_target = true;
    float tx = at(out.useful_bar, f.useful_target / scale);
    out.useful_target_mark = {tx - 1.5f, y - m.small_h * 0.5f, tx + 1.5f,
                              y + useful_h + m.small_h * 0.5f};
  }
  y += useful_h + gap;

  if (f.crash) {
    out.crash_title = {x0, y, x1, y + title_h};
    y += title_h;
    out.run_bar = {x0, y, x1, y + run_h};
    const double run = std::max(f.hours_run, 1e-12);
    if (f.checkpoint_h > 0) {
      for (double h = f.checkpoint_h; h < f.hours_run; h += f.checkpoint_h) {
        float cx = at(out.run_bar, h / run);
        out.checkpoints.push_back({cx - 1.5f, y - 4, cx + 1.5f, y + run_h + 4});
      }
    }
    out.lost = {at(out.run_bar, (f.hours_run - f.lost_hours) / run), y, out.run_bar.x1, y + run_h};
    y += run_h + m.small_h * 0.3f;
    out.crash_caption = {x0, y, x1, y + caption_h};
  }
  return out;
}

}  // namespace lessonsim::ui
