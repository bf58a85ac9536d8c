#include "interconnect_layout.hpp"

#include <algorithm>

namespace lessonsim::ui {

namespace {

// The exchange at entry under this share of the axis is a sliver: it gets a callout.
constexpr double sliver_share = 0.03;
// In the callout, the exchange at entry takes about this share of its width.
constexpr double callout_fill = 0.4;

// The heights of the picture's rows, and what is left over for the gaps between sections.
struct InterconnectRows {
  float title_h, caption_h, step_h, useful_h, run_h, inset_h, useful_caption_h;
  int caption_rows;
  // The step's title: none when room is short and the step does not read the length it gives.
  float step_title_h;
  // The useful work's title: the last row to go when room is short, as its bar says it.
  float useful_title_h;
};

void layout_step(const StepFigures& f, const InterconnectView& v, const InterconnectRows& r,
                 float x0, float x1, float& y, InterconnectLayout& out) {
  out.step = true;
  out.step_title = {x0, y, x1, y + r.step_title_h};
  y += r.step_title_h;
  out.step_bar = {x0, y, x1, y + r.step_h};
  const Scale seconds = time_scale("s", out.step_bar.width() / std::max(v.axis_s, 1e-12));
  Mark compute = seconds.right(f.compute_s, x0, y, y + r.step_h, x1).of("compute_s");
  out.compute = compute.rect;
  out.marks.push_back(compute);
  if (f.target_share >= 0 && f.target_share < 1) {
    out.has_target = true;
    out.exchange_over = f.exchange_share > f.target_share;
    // The step may last at most its math over (1 − the target share).
    const float tx = std::min(x0 + seconds.length(f.compute_s / (1 - f.target_share)), x1);
    out.target_mark = {tx - 1.5f, y - r.caption_h * 0.3f, tx + 1.5f, y + r.step_h + 2};
  }
  // Math past the axis leaves the exchange wholly beyond it: its number alone says it.
  if (!v.exchange_hidden && !compute.broken) {
    const Signal state = !out.has_target     ? Signal::neutral
                         : out.exchange_over ? Signal::fault
                                             : Signal::ok;
    Mark exchange =
        seconds.right(f.exchange_s, compute.rect.x1, y, y + r.step_h, x1).of("exchange_s", state);
    out.exchange = exchange.rect;
    out.exchange_broken = exchange.broken;
    out.marks.push_back(exchange);
  }
  y += r.step_h + 4;
  if (v.entry_exchange_s > 0 && v.entry_exchange_s < sliver_share * v.axis_s &&
      !v.exchange_hidden) {
    const double factor = callout_factor(v.axis_s * callout_fill / v.entry_exchange_s);
    const float span = seconds.length(v.axis_s / factor);
    const float sx = std::min(out.compute.x1, x1 - span);
    const float label_h = r.caption_h;
    const Rect inset{x0, y + r.caption_h * 0.6f, x1, y + r.caption_h * 0.6f + r.inset_h};
    out.zoomed = true;
    out.callout = layout_callout("exchange", factor,
                                 {sx, out.step_bar.y0, sx + span, out.step_bar.y1}, inset, label_h);
    const Scale zoom = seconds.magnified(factor, "exchange");
    Mark shown =
        zoom.right(f.exchange_s, inset.x0 + (out.compute.x1 - sx) * static_cast<float>(factor),
                   inset.y0 + 4, inset.y1 - 4, inset.x1)
            .of("exchange_s", out.exchange_over ? Signal::fault : Signal::neutral);
    out.zoom_exchange = shown.rect;
    out.zoom_broken = shown.broken;
    out.marks.push_back(shown);
    y = out.callout.label.y1 + 2;
  }
  out.caption_row_h = r.caption_h;
  out.step_caption = {x0, y, x1, y + r.caption_h * static_cast<float>(r.caption_rows)};
  y = out.step_caption.y1;
}

void layout_useful(const StepFigures& f, const InterconnectView& v, const InterconnectRows& r,
                   float x0, float x1, float& y, InterconnectLayout& out) {
  out.useful = true;
  out.useful_title = {x0, y, x1, y + r.useful_title_h};
  y += r.useful_title_h;
  out.useful_bar = {x0, y, x1, y + r.useful_h};
  const Scale gpus = count_scale("GPU", out.useful_bar.width() / std::max(v.useful_axis, 1e-12));
  Mark all = gpus.right(f.gpus, x0, y, y + r.useful_h, x1).of("gpus");
  out.useful_all = all.rect;
  out.gpus_broken = all.broken;
  out.marks.push_back(all);
  if (!v.useful_hidden) {
    const Signal state = f.useful_target < 0                ? Signal::neutral
                         : f.useful_gpus >= f.useful_target ? Signal::ok
                                                            : Signal::fault;
    Mark useful = gpus.right(f.useful_gpus, x0, y, y + r.useful_h, x1).of("useful_gpus", state);
    out.useful_fill = useful.rect;
    out.marks.push_back(useful);
  }
  const float gx = all.rect.x1;
  out.gpus_mark = {gx - 1.5f, y - 4, gx + 1.5f, y + r.useful_h + 4};
  if (f.useful_target >= 0) {
    out.has_useful_target = true;
    const float tx = std::min(x0 + gpus.length(f.useful_target), x1);
    out.useful_target_mark = {tx - 1.5f, y - 4, tx + 1.5f, y + r.useful_h + 4};
  }
  y += r.useful_h + 4;
  out.useful_caption = {x0, y, x1, y + r.useful_caption_h};
  y += r.useful_caption_h;
}

void layout_crash(const StepFigures& f, const InterconnectRows& r, float x0, float x1, float& y,
                  InterconnectLayout& out) {
  out.crash = true;
  out.crash_title = {x0, y, x1, y + r.title_h};
  y += r.title_h;
  out.run_bar = {x0, y, x1, y + r.run_h};
  // The run up to the crash fills the width: hours_run stands still on the step.
  const Scale hours = time_scale("h", out.run_bar.width() / std::max(f.hours_run, 1e-12));
  if (f.checkpoint_h > 0) {
    for (double h = f.checkpoint_h; h < f.hours_run; h += f.checkpoint_h) {
      const float cx = x0 + hours.length(h);
      out.checkpoints.push_back({cx - 1.5f, y - 4, cx + 1.5f, y + r.run_h + 4});
    }
  }
  out.marks.push_back(hours.right(f.hours_run, x0, y, y + r.run_h, x1).of("hours_run"));
  const double since = std::max(f.hours_run - f.crash_lost_hours, 0.0);
  Mark lost = hours.right(f.crash_lost_hours, x0 + hours.length(since), y, y + r.run_h, x1 + 0.5f)
                  .of("crash_lost_hours", f.crash_lost_hours > 0 ? Signal::fault : Signal::ok);
  out.lost = lost.rect;
  out.marks.push_back(lost);
  y += r.run_h + 4;
  out.crash_caption = {x0, y, x1, y + r.caption_h * 2};
  y += r.caption_h * 2;
}

}  // namespace

InterconnectLayout layout_interconnect(const StepFigures& f, const InterconnectView& v, Rect area,
                                       const InterconnectMetrics& m) {
  InterconnectLayout out;
  out.area = area;
  const float pad = m.gap;
  const float x0 = area.x0 + pad;
  const float x1 = std::max(area.x1 - pad, x0 + m.text_h * 4);
  InterconnectRows r{m.text_h * 1.5f,
                     m.small_h * 1.6f,
                     m.text_h * 2.2f,
                     m.text_h * 1.3f,
                     m.text_h * 1.6f,
                     m.text_h * 1.8f,
                     f.useful_target >= 0 ? m.text_h * 1.3f : 2.0f,
                     std::max(m.caption_rows, 1),
                     m.text_h * 1.5f,
                     m.text_h * 1.5f};
  // The crash is a screen of its own: its hours and the step's seconds would be two scales.
  const bool step = v.step && !v.crash;
  bool useful = v.useful && !v.crash;
  const bool zoom = step && !v.exchange_hidden && v.entry_exchange_s > 0 &&
                    v.entry_exchange_s < sliver_share * v.axis_s;
  const auto needed_for = [&](const InterconnectRows& rows, bool with_useful) {
    float n = pad * 0.5f;
    if (step) {
      n += rows.step_title_h + rows.step_h +
           rows.caption_h * static_cast<float>(rows.caption_rows) + 4;
      if (zoom) n += rows.caption_h * 1.6f + rows.inset_h + 4;
    }
    if (with_useful) n += rows.useful_title_h + rows.useful_h + rows.useful_caption_h + 4;
    if (v.crash) n += rows.title_h + rows.run_h + 2 * rows.caption_h + 4;
    // The least gaps between and under the sections.
    return n + pad * 0.25f * 4;
  };
  // Short of room (large text, a small window): thinner bars and titles first, then the useful
  // work when the step is not about it; the step's own parts always stay in view.
  if (needed_for(r, useful) > area.height()) {
    r.title_h = m.text_h * 1.2f;
    r.step_title_h = r.useful_title_h = r.title_h;
    r.caption_h = m.small_h * 1.3f;
    r.step_h = m.text_h * 1.3f;
    r.useful_h = m.text_h * 0.9f;
    r.run_h = m.text_h * 1.2f;
    r.inset_h = m.text_h * 1.3f;
    r.useful_caption_h = f.useful_target >= 0 ? m.text_h * 1.1f : 2.0f;
  }
  if (needed_for(r, useful) > area.height() && v.useful_faded) useful = false;
  if (needed_for(r, useful) > area.height()) {
    // Still short: rows as tight as their text.
    r.title_h = m.text_h * 1.05f;
    r.step_title_h = r.useful_title_h = r.title_h;
    r.caption_h = m.small_h * 1.15f;
    r.step_h = m.text_h;
    r.useful_h = m.text_h * 0.7f;
    r.inset_h = m.text_h;
    r.useful_caption_h = f.useful_target >= 0 ? m.text_h * 1.05f : 2.0f;
  }
  // Last, the step's title, when the step does not read the step's length it shows.
  if (needed_for(r, useful) > area.height() && v.step_title_optional) r.step_title_h = 0;
  if (needed_for(r, useful) > area.height()) r.useful_title_h = 0;
  const float needed = needed_for(r, useful);
  const int sections = (step ? 1 : 0) + (useful ? 1 : 0) + (v.crash ? 1 : 0);
  const float gap = std::clamp((area.height() - needed - pad) / static_cast<float>(sections + 1),
                               pad * 0.25f, m.text_h * 2);
  float y = area.y0 + pad * 0.5f;
  if (step) {
    layout_step(f, v, r, x0, x1, y, out);
    y += gap;
  }
  if (useful) {
    layout_useful(f, v, r, x0, x1, y, out);
    y += gap;
  }
  if (v.crash) {
    layout_crash(f, r, x0, x1, y, out);
    y += gap;
  }
  const float lane_h = m.text_h * 2;
  // Room for the lane and the link's name under it, or no lane.
  if (step && y + lane_h + m.small_h * 1.4f <= area.y1 && f.link_gb_per_s > 0) {
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
