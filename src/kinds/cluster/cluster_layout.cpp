// The cluster machine's layout: compute bars, the days against the deadline, the failures
// timeline and the waste they cause.
#include "cluster_layout.hpp"
#include "cluster_reads.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>

#include "cluster.hpp"

namespace lessonsim::ui {

namespace {

// Evenly spaced marks along the timeline; false when there are too many to draw apart.
bool marks(const Rect& track, double count, double spacing_frac, int max_marks,
           std::vector<float>& out) {
  if (count > max_marks) return false;
  for (int k = 1; k <= static_cast<int>(count); ++k) {
    double t = spacing_frac * static_cast<double>(k);
    out.push_back(track.x0 + track.width() * static_cast<float>(std::min(t, 1.0)));
  }
  return true;
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

ClusterLayout layout_cluster(const ClusterFigures& f, Rect area, const ClusterMetrics& m) {
  ClusterLayout l;
  l.area = area;
  const float label_h = m.text_h + m.small_h + 4;
  const float tag_h = m.small_h + 6;  // the limit's tag under a track
  // Four sections: labels and tags keep their size; tracks, then gaps, shrink to fit the height.
  // The compute section's two bars each hold a line of small text.
  const float compute_h = 2 * (m.small_h + 6) + 4;
  const float fixed = 4 * label_h + 8 + 3 * tag_h + compute_h;
  const float track_h = std::clamp((area.height() - fixed - 4 * m.gap) / 3.3f, m.small_h * 0.8f,
                                   std::round(m.text_h * 1.2f));
  const float gap = std::clamp((area.height() - fixed - 3.3f * track_h) / 4, 2.0f, m.gap);
  float y = area.y0;
  auto place = [&](bool tagged, Rect& label, Rect& track, float h) {
    label = {area.x0, y, area.x1, y + label_h};
    track = {area.x0, label.y1 + 2, area.x1, label.y1 + 2 + h};
    y = track.y1 + (tagged ? tag_h : 0) + gap;
  };

  // Compute: two thinner bars in the track's height, 6·P·T above 8·P·T, on one FLOP scale.
  Rect track;
  place(false, l.compute_label, track, compute_h);
  const float half = track.height() * 0.5f;
  l.six_track = {track.x0, track.y0, track.x1, track.y0 + half - 2};
  l.eight_track = {track.x0, track.y0 + half + 2, track.x1, track.y1};
  const double per_k = f.k > 0 ? f.zettaflop / f.k : 0;
  const Scale flop = compute_scale_zflop(per_k > 0 ? track.width() / (8 * per_k) : 0);
  Mark six = flop.right(6 * per_k, track.x0, l.six_track.y0, l.six_track.y1, track.x1);
  Mark eight = flop.right(8 * per_k, track.x0, l.eight_track.y0, l.eight_track.y1, track.x1);
  l.six = six.rect;
  l.eight = eight.rect;
  if (per_k > 0) l.marks.insert(l.marks.end(), {six, eight});

  // Days against the deadline, on an axis that only the deadline sets.
  place(true, l.days_label, track, track_h);
  l.px_per_day = f.deadline_days > 0 ? track.width() / (f.deadline_days * m.deadlines_in_view)
                                     : track.width() / std::max(f.days, 1e-9);
  const Scale days = time_scale("days", l.px_per_day);
  const Mark run = days.right(f.days, track.x0, track.y0, track.y1, track.x1);
  l.days_broken = run.broken;
  l.days.label = l.days_label;
  l.days.track = track;
  l.days.value = f.days;
  l.days.limit = f.deadline_days;
  l.days.limit_x = std::min(track.x0 + days.length(f.deadline_days), track.x1);
  l.days.over_limit = f.days > f.deadline_days;
  l.days.fill = {track.x0, track.y0, std::min(run.rect.x1, l.days.limit_x), track.y1};
  if (l.days.over_limit) l.days.over = {l.days.limit_x, track.y0, run.rect.x1, track.y1};
  l.marks.push_back(run);

  // The run as a timeline: a checkpoint every interval, the expected failures spread evenly.
  place(true, l.timeline_label, l.timeline, track_h * 1.3f);
  const double run_hours = f.days * 24;
  Scale hours = time_scale("h", run_hours > 0 ? l.timeline.width() / run_hours : 0);
  hours.view = "run";
  if (run_hours > 0) {
    l.marks.push_back(
        hours.right(run_hours, l.timeline.x0, l.timeline.y0, l.timeline.y1, l.timeline.x1));
  }
  if (run_hours > 0 && f.checkpoint_hours > 0) {
    const double count = std::floor(run_hours / f.checkpoint_hours);
    l.checkpoints_dense =
        !marks(l.timeline, count, f.checkpoint_hours / run_hours, m.max_marks, l.checkpoint_x);
  }
  const double fails = std::round(f.failures);
  if (fails >= 1) {
    l.failures_dense = fails > m.max_marks;
    if (!l.failures_dense) {
      for (int k = 0; k < static_cast<int>(fails); ++k) {
        const double at_h = (static_cast<double>(k) + 0.5) / fails * run_hours;
        const float x = l.timeline.x0 + hours.length(at_h);
        l.failure_x.push_back(x);
        // Back to the last checkpoint before the failure (the start when there is none).
        double since = 0;
        if (f.checkpoint_hours > 0)
          since = std::floor(at_h / f.checkpoint_hours) * f.checkpoint_hours;
        Mark lost = hours.right(at_h - since, l.timeline.x0 + hours.length(since), l.timeline.y0,
                                l.timeline.y1, l.timeline.x1);
        l.lost.push_back(lost.rect);
        l.marks.push_back(std::move(lost));
      }
    }
  }

  // The waste: lost work then writing, against the least possible, magnified.
  place(true, l.waste_label, l.waste_track, track_h);
  Scale waste = time_scale("days", l.px_per_day * m.waste_zoom);
  waste.view = "waste";
  const Rect& wt = l.waste_track;
  Mark lost = waste.right(f.lost_days, wt.x0, wt.y0, wt.y1, wt.x1);
  Mark writing = waste.right(f.writing_days, lost.rect.x1, wt.y0, wt.y1, wt.x1);
  Mark wasted = waste.right(f.wasted_days, wt.x0, wt.y0, wt.y1, wt.x1);
  l.waste_lost = lost.rect;
  l.waste_writing = writing.rect;
  l.waste_broken = wasted.broken;
  l.best_x = std::min(wt.x0 + waste.length(f.min_wasted_days), wt.x1);
  // What is cut off at the break is the total's, so the total is the mark with the number.
  if (wasted.broken) {
    l.marks.push_back(std::move(wasted));
  } else {
    l.marks.insert(l.marks.end(), {lost, writing, wasted});
  }
  return l;
}

}  // namespace lessonsim::ui
