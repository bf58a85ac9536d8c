// The cluster machine's layout: compute bars, then the run against the deadline with its
// checkpoints and failures, then the days the failures waste, all on one days axis.
#include "cluster_layout.hpp"
#include "cluster_reads.hpp"

#include <algorithm>
#include <cmath>

#include "cluster.hpp"

namespace lessonsim::ui {

namespace {

// The heights of the picture's rows; `layout_cluster` picks the first set that fits.
struct ClusterRows {
  float label_h, track_h, compute_h, tag_h, failure_text_h, failure_h, inset_h, gap;
  float factor_h;  // the callout's factor, under it, in the bold font
  bool subs;       // each title's second line (what it is measured against)
  bool callout;    // room for the waste's callout
};

float rows_height(const ClusterRows& r, const ClusterView& v) {
  float h = 0;
  int sections = 0;
  if (v.compute) h += r.label_h + r.compute_h, ++sections;
  if (v.run) h += r.label_h + r.track_h + r.tag_h, ++sections;
  if (v.run && v.failures) h += r.failure_text_h + r.failure_h;
  if (v.waste) h += r.label_h + r.track_h + r.tag_h, ++sections;
  if (v.waste && r.callout) h += r.inset_h + r.factor_h + 6;
  return h + r.gap * static_cast<float>(std::max(sections - 1, 0));
}

// Full rows, then tighter gaps, then no second lines, then thinner tracks, then neither the
// waste's callout nor the failures' words (their marks stay).
ClusterRows fit_rows(const ClusterView& v, float room, const ClusterMetrics& m) {
  const float small_row = m.small_h + 6;
  ClusterRows r{m.text_h + m.small_h + 6,
                std::round(m.text_h * 1.2f),
                2 * small_row + 4,
                small_row,
                2 * (m.small_h + 2),
                m.small_h + 4,
                std::round(m.text_h * 1.6f),
                m.gap,
                m.text_h + 4,
                true,
                true};
  if (rows_height(r, v) <= room) return r;
  r.gap = std::max(2.0f, std::round(m.gap * 0.4f));
  if (rows_height(r, v) <= room) return r;
  r.subs = false;
  r.label_h = m.text_h + 4;
  r.failure_text_h = m.small_h + 2;
  if (rows_height(r, v) <= room) return r;
  r.track_h = std::round(m.small_h * 0.9f);
  r.inset_h = std::round(m.small_h * 1.2f);
  r.compute_h = 2 * std::round(m.small_h * 0.9f) + 4;
  r.failure_h = std::round(m.small_h * 0.5f);
  if (rows_height(r, v) <= room) return r;
  r.callout = false;
  r.failure_text_h = 0;
  return r;
}

void layout_compute(const ClusterFigures& f, const ClusterRows& r, const Rect& area, float& y,
                    ClusterLayout& l) {
  l.compute = true;
  l.compute_label = {area.x0, y, area.x1, y + r.label_h};
  const Rect track{area.x0, l.compute_label.y1, area.x1, l.compute_label.y1 + r.compute_h};
  const float half = track.height() * 0.5f;
  l.six_track = {track.x0, track.y0, track.x1, track.y0 + half - 2};
  l.eight_track = {track.x0, track.y0 + half + 2, track.x1, track.y1};
  const double per_k = f.k > 0 ? f.zettaflop / f.k : 0;
  const Scale flop = compute_scale_zflop(per_k > 0 ? track.width() / (8 * per_k) : 0);
  Mark six = flop.right(6 * per_k, track.x0, l.six_track.y0, l.six_track.y1, track.x1);
  Mark eight = flop.right(8 * per_k, track.x0, l.eight_track.y0, l.eight_track.y1, track.x1);
  (f.k == 6 ? six : eight).of("zettaflop");
  l.six = six.rect;
  l.eight = eight.rect;
  if (per_k > 0) l.marks.insert(l.marks.end(), {six, eight});
  y = track.y1 + r.gap;
}

// The checkpoints and failures on the run, where the run is drawn: a tick each while they stand
// apart, else a band; each failure's lost work (back to the checkpoint before it) is a mark.
void layout_failures(const ClusterFigures& f, const ClusterMetrics& m, const Scale& days,
                     const Rect& run, ClusterLayout& l) {
  const double run_h = f.days * 24;
  if (run_h <= 0) return;
  const float px_per_h = days.length(1.0 / 24);
  if (f.checkpoint_hours > 0) {
    l.checkpoints_dense = px_per_h * f.checkpoint_hours < m.min_spacing;
    for (double h = f.checkpoint_hours; !l.checkpoints_dense && h < run_h; h += f.checkpoint_hours)
      if (const float x = run.x0 + px_per_h * static_cast<float>(h); x < run.x1)
        l.checkpoint_x.push_back(x);
  }
  const double fails = std::round(f.failures);
  if (fails < 1) return;
  l.failures_dense = px_per_h * run_h / fails < m.min_spacing;
  for (int k = 0; !l.failures_dense && k < static_cast<int>(fails); ++k) {
    const double at_h = (static_cast<double>(k) + 0.5) / fails * run_h;
    const float x = run.x0 + px_per_h * static_cast<float>(at_h);
    if (x >= run.x1) break;  // past a broken run's end
    l.failure_x.push_back(x);
    double since = 0;  // back to the last checkpoint (the start when there is none)
    if (f.checkpoint_hours > 0) since = std::floor(at_h / f.checkpoint_hours) * f.checkpoint_hours;
    Mark lost = days.right((at_h - since) / 24, run.x0 + px_per_h * static_cast<float>(since),
                           run.y0, run.y1, run.x1);
    l.lost.push_back(lost.rect);
    l.marks.push_back(std::move(lost));
  }
}

void layout_run(const ClusterFigures& f, const ClusterView& v, const ClusterRows& r,
                const ClusterMetrics& m, const Scale& days, const Rect& area, float& y,
                ClusterLayout& l) {
  l.days_label = {area.x0, y, area.x1, y + r.label_h};
  y = l.days_label.y1;
  if (v.failures) {
    l.failures = true;
    l.failure_text = {area.x0, y, area.x1, y + r.failure_text_h};
    y = l.failure_text.y1;
    l.failure_row = {area.x0, y, area.x1, y + r.failure_h};
    y = l.failure_row.y1;
  }
  const Rect track{area.x0, y, area.x1, y + r.track_h};
  const Mark run =
      days.right(f.days, track.x0, track.y0, track.y1, track.x1).of("days", v.days_state);
  l.days_broken = run.broken;
  l.days.label = l.days_label;
  l.days.track = track;
  l.days.value = f.days;
  l.days.limit = f.deadline_days;
  l.days.limit_x = std::min(track.x0 + days.length(f.deadline_days), track.x1);
  l.days.over_limit = f.deadline_days > 0 && f.days > f.deadline_days;
  l.days.fill = {track.x0, track.y0, std::min(run.rect.x1, l.days.limit_x), track.y1};
  if (l.days.over_limit) l.days.over = {l.days.limit_x, track.y0, run.rect.x1, track.y1};
  l.marks.push_back(run);
  if (v.failures) layout_failures(f, m, days, run.rect, l);
  l.days_tags = {area.x0, track.y1, area.x1, track.y1 + r.tag_h};
  y = l.days_tags.y1 + r.gap;
}

void layout_waste(const ClusterFigures& f, const ClusterView& v, const ClusterRows& r,
                  const ClusterMetrics& m, const Scale& days, const Rect& area, float& y,
                  ClusterLayout& l) {
  l.waste = true;
  l.waste_label = {area.x0, y, area.x1, y + r.label_h};
  const Rect wt{area.x0, l.waste_label.y1, area.x1, l.waste_label.y1 + r.track_h};
  l.waste_track = wt;
  auto bars = [&](const Scale& s, const Rect& t, Rect& lost_r, Rect& writing_r, bool& broken) {
    Mark lost = s.right(f.lost_days, t.x0, t.y0, t.y1, t.x1).of("lost_days");
    Mark writing = s.right(f.writing_days, lost.rect.x1, t.y0, t.y1, t.x1).of("writing_days");
    Mark wasted = s.right(f.wasted_days, t.x0, t.y0, t.y1, t.x1).of("wasted_days", v.waste_state);
    lost_r = lost.rect;
    writing_r = writing.rect;
    broken = wasted.broken;
    // What is cut off at the break is the total's: then the total alone is the mark.
    if (broken) {
      l.marks.push_back(std::move(wasted));
    } else {
      l.marks.insert(l.marks.end(), {lost, writing, wasted});
    }
    return std::min(t.x0 + s.length(f.min_wasted_days), t.x1);
  };
  l.best_x = bars(days, wt, l.waste_lost, l.waste_writing, l.waste_broken);
  l.waste_tags = {area.x0, wt.y1, area.x1, wt.y1 + r.tag_h};
  y = l.waste_tags.y1;
  // A waste short on the days axis is magnified below it, by a factor set on entry.
  const float entry_px = days.length(v.entry_wasted_days);
  const double factor = entry_px > 0 ? callout_factor(wt.width() * m.callout_fill / entry_px) : 1;
  if (factor >= 2 && r.callout) {
    l.zoomed = true;
    const float span = wt.width() / static_cast<float>(factor);
    const Rect inset{area.x0, y + 4, area.x1, y + 4 + r.inset_h};
    l.callout =
        layout_callout("waste", factor, {wt.x0, wt.y0, wt.x0 + span, wt.y1}, inset, r.factor_h);
    const Rect zt{inset.x0 + 2, inset.y0 + 4, inset.x1 - 2, inset.y1 - 4};
    l.zoom_best_x =
        bars(days.magnified(factor, "waste"), zt, l.zoom_lost, l.zoom_writing, l.zoom_broken);
    y = l.callout.label.y1;
  }
  y += r.gap;
}

}  // namespace

ClusterFigures cluster_figures(const Machine& machine) {
  ClusterFigures f;
  f.zettaflop = ClusterReads::get<"zettaflop">(machine);
  f.k = static_cast<int>(ClusterReads::get<"flops_per_param_token">(machine));
  f.gpus = ClusterReads::get<"gpus">(machine);
  f.tflops_per_gpu = ClusterReads::get<"tflops_per_gpu">(machine);
  f.cluster_pflops = ClusterReads::get<"cluster_pflops">(machine);
  f.days = ClusterReads::get<"days">(machine);
  f.deadline_days = ClusterReads::get<"deadline_days">(machine);
  f.failures = ClusterReads::get<"failures">(machine);
  f.hours_between_failures = ClusterReads::get<"hours_between_failures">(machine);
  f.checkpoint_hours = ClusterReads::get<"checkpoint_hours">(machine);
  f.lost_days = ClusterReads::get<"lost_days">(machine);
  f.writing_days = ClusterReads::get<"writing_days">(machine);
  f.wasted_days = ClusterReads::get<"wasted_days">(machine);
  f.best_checkpoint_hours = ClusterReads::get<"best_checkpoint_hours">(machine);
  f.min_wasted_days = ClusterReads::get<"min_wasted_days">(machine);
  return f;
}

ClusterLayout layout_cluster(const ClusterFigures& f, const ClusterView& shown, Rect area,
                             const ClusterMetrics& m) {
  ClusterLayout l;
  l.area = area;
  ClusterView v = shown;
  ClusterRows r = fit_rows(v, area.height(), m);
  // Short of room, what the step does not read gives way: the compute, then the waste.
  for (bool* part : {&v.compute, &v.waste}) {
    const bool optional = part == &v.compute ? v.compute_optional : v.waste_optional;
    if (rows_height(r, v) <= area.height() || !optional || !*part) continue;
    *part = false;
    r = fit_rows(v, area.height(), m);
  }
  l.subs = r.subs;
  l.px_per_day = f.deadline_days > 0 ? area.width() / (f.deadline_days * m.deadlines_in_view)
                                     : area.width() / std::max(f.days * 1.25, 1e-9);
  const Scale days = time_scale("days", l.px_per_day);
  float y = area.y0;
  if (v.compute) layout_compute(f, r, area, y, l);
  if (v.run) layout_run(f, v, r, m, days, area, y, l);
  if (v.waste) layout_waste(f, v, r, m, days, area, y, l);
  return l;
}

}  // namespace lessonsim::ui
