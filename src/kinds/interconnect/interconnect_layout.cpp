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
  // Under the useful bar: the GPUs' tag, and the target's on a row of its own when there is one.
  const float useful_caption_h = m.small_h * 1.3f + (f.useful_target >= 0 ? m.text_h * 1.3f : 0);
  float needed = 3 * title_h + step_h + useful_h + 2 * caption_h + useful_caption_h;
  if (f.crash) needed += title_h + run_h + caption_h;
  const float spare = area.height() - needed - pad;
  const float gap = std::clamp(spare / static_cast<float>(sections), pad * 0.25f, m.text_h * 2.5f);
  float y = area.y0 + pad * 0.5f;

  out.step_title = {x0, y, x1, y + title_h};
  y += title_h;
  out.step_bar = {x0, y, x1, y + step_h};
  // The step bar is the whole step, whatever it lasts: its parts are shares of it.
  const double step = std::max(f.step_s, 1e-12);
  const Scale share = share_scale(out.step_bar.width());
  Mark compute = share.right(f.compute_s / step * 100, x0, y, y + step_h, x1);
  Mark exchange = share.right(f.exchange_s / step * 100, compute.rect.x1, y, y + step_h, x1 + 0.5f);
  out.compute = compute.rect;
  out.exchange = exchange.rect;
  out.marks.insert(out.marks.end(), {compute, exchange});
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
  const double axis = m.targets_in_view * (f.useful_target > 0 ? f.useful_target : f.gpus);
  const Scale gpus = count_scale("GPU", out.useful_bar.width() / std::max(axis, 1e-12));
  Mark all = gpus.right(f.gpus, x0, y, y + useful_h, x1);
  Mark useful = gpus.right(f.useful_gpus, x0, y, y + useful_h, x1);
  out.useful_all = all.rect;
  out.useful_fill = useful.rect;
  out.gpus_broken = all.broken;
  out.marks.insert(out.marks.end(), {all, useful});
  float gx = all.rect.x1;
  out.gpus_mark = {gx - 1.5f, y - 4, gx + 1.5f, y + useful_h + 4};
  if (f.useful_target >= 0) {
    out.has_useful_target = true;
    float tx = std::min(x0 + gpus.length(f.useful_target), x1);
    out.useful_target_mark = {tx - 1.5f, y - m.small_h * 0.5f, tx + 1.5f,
                              y + useful_h + m.small_h * 0.5f};
  }
  y += useful_h + 4;
  out.useful_caption = {x0, y, x1, y + useful_caption_h};
  y += useful_caption_h + gap;

  if (f.crash) {
    out.crash_title = {x0, y, x1, y + title_h};
    y += title_h;
    out.run_bar = {x0, y, x1, y + run_h};
    const Scale hours = time_scale("h", out.run_bar.width() / std::max(f.hours_run, 1e-12));
    if (f.checkpoint_h > 0) {
      for (double h = f.checkpoint_h; h < f.hours_run; h += f.checkpoint_h) {
        float cx = x0 + hours.length(h);
        out.checkpoints.push_back({cx - 1.5f, y - 4, cx + 1.5f, y + run_h + 4});
      }
    }
    Mark run = hours.right(f.hours_run, x0, y, y + run_h, x1);
    const double since = std::max(f.hours_run - f.crash_lost_hours, 0.0);
    Mark lost = hours.right(f.crash_lost_hours, x0 + hours.length(since), y, y + run_h, x1 + 0.5f);
    out.lost = lost.rect;
    out.marks.insert(out.marks.end(), {run, lost});
    y += run_h + m.small_h * 0.3f;
    out.crash_caption = {x0, y, x1, y + caption_h};
    y += caption_h;
  }
  const float lane_h = m.text_h * 2;
  if (y + gap + lane_h <= area.y1 && f.link_gb_per_s > 0) {
    y += gap;
    const float gpu_w = m.text_h * 3;
    out.has_lane = true;
    out.gpu_a = {x0, y, x0 + gpu_w, y + lane_h};
    out.gpu_b = {x1 - gpu_w, y, x1, y + lane_h};
    const float mid = y + lane_h * 0.5f;
    out.lane = {out.gpu_a.x1, mid - lane_h * 0.2f, out.gpu_b.x0, mid + lane_h * 0.2f};
  }
  return out;
}

std::vector<Rect> exchange_pulses(const InterconnectLayout& l, const StepFigures& f,
                                  float seconds) {
  std::vector<Rect> out;
  if (!l.has_lane || f.fastest_gb_per_s <= 0 || seconds < 0) return out;
  const float w = l.lane.width();
  const float size = l.lane.height();
  const auto pace = static_cast<float>(f.link_gb_per_s / f.fastest_gb_per_s) * w /
                    fastest_crossing_s;  // pixels a second
  for (int k = 0; static_cast<float>(k) * pulse_every_s <= seconds; ++k) {
    const float gone = (seconds - static_cast<float>(k) * pulse_every_s) * pace;
    if (gone > w - size) continue;  // arrived
    const float x = k % 2 == 0 ? l.lane.x0 + gone : l.lane.x1 - size - gone;
    out.push_back({x, l.lane.y0, x + size, l.lane.y1});
  }
  return out;
}

}  // namespace lessonsim::ui
