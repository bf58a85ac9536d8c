// The cluster machine's layout: compute bars, the days against the deadline, the failures
// timeline and the waste they cause.
#include "cluster_layout.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>

namespace lessonsim::ui {

namespace {

float at(const Rect& track, double value, double scale) {
  double t = scale > 0 ? std::clamp(value / scale, 0.0, 1.0) : 0.0;
  return track.x0 + track.width() * static_cast<float>(t);
}

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
  std::vector<double> values;
  machine.values(values);
  const auto& vars = machine.spec().variables;
  auto get = [&](std::string_view name) {
    for (std::size_t k = 0; k < vars.size() && k < values.size(); ++k) {
      if (vars[k].name == name) return values[k];
    }
    return 0.0;
  };
  ClusterFigures f;
  f.zettaflop = get("zettaflop");
  f.k = static_cast<int>(get("flops_per_param_token"));
  f.gpus = get("gpus");
  f.tflops_per_gpu = get("tflops_per_gpu");
  f.cluster_pflops = get("cluster_pflops");
  f.days = get("days");
  f.deadline_days = get("deadline_days");
  f.failures = get("failures");
  f.hours_between_failures = get("hours_between_failures");
  f.checkpoint_hours = get("checkpoint_hours");
  f.lost_days = get("lost_days");
  f.writing_days = get("writing_days");
  f.wasted_days = get("wasted_days");
  f.best_checkpoint_hours = get("best_checkpoint_hours");
  f.min_wasted_days = get("min_wasted_days");
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

  // Compute: two thinner bars in the track's height, 6·P·T above 8·P·T.
  Rect track;
  place(false, l.compute_label, track, compute_h);
  const float half = track.height() * 0.5f;
  l.six_track = {track.x0, track.y0, track.x1, track.y0 + half - 2};
  l.eight_track = {track.x0, track.y0 + half + 2, track.x1, track.y1};
  const double per_k = f.k > 0 ? f.zettaflop / f.k : 0;
  l.six = l.six_track;
  l.six.x1 = at(l.six_track, 6 * per_k, 8 * per_k);
  l.eight = l.eight_track;

  // Days against the deadline.
  place(true, l.days_label, track, track_h);
  const double days_scale = std::max(f.days, f.deadline_days) * 1.15;
  l.days.label = l.days_label;
  l.days.track = track;
  l.days.value = f.days;
  l.days.limit = f.deadline_days;
  l.days.limit_x = at(track, f.deadline_days, days_scale);
  l.days.fill = {track.x0, track.y0, at(track, std::min(f.days, f.deadline_days), days_scale),
                 track.y1};
  l.days.over_limit = f.days > f.deadline_days;
  if (l.days.over_limit)
    l.days.over = {l.days.limit_x, track.y0, at(track, f.days, days_scale), track.y1};

  // The run as a timeline: a checkpoint every interval, the expected failures spread evenly.
  place(true, l.timeline_label, l.timeline, track_h * 1.3f);
  const double run_hours = f.days * 24;
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
        double t = (static_cast<double>(k) + 0.5) / fails;
        const float x = l.timeline.x0 + l.timeline.width() * static_cast<float>(t);
        l.failure_x.push_back(x);
        double since = 0;  // the last checkpoint before the failure, as a fraction of the run
        if (f.checkpoint_hours > 0 && run_hours > 0) {
          since = std::floor(t * run_hours / f.checkpoint_hours) * f.checkpoint_hours / run_hours;
        }
        const float x0 = l.timeline.x0 + l.timeline.width() * static_cast<float>(since);
        l.lost.push_back({std::min(x0, x - 1), l.timeline.y0, x, l.timeline.y1});
      }
    }
  }

  // The waste: lost work then writing, against the least possible.
  place(true, l.waste_label, l.waste_track, track_h);
  const double waste_scale = std::max(f.wasted_days, f.min_wasted_days) * 1.15;
  l.waste_lost = l.waste_track;
  l.waste_lost.x1 = at(l.waste_track, f.lost_days, waste_scale);
  l.waste_writing = l.waste_track;
  l.waste_writing.x0 = l.waste_lost.x1;
  l.waste_writing.x1 = at(l.waste_track, f.lost_days + f.writing_days, waste_scale);
  l.best_x = at(l.waste_track, f.min_wasted_days, waste_scale);
  return l;
}

}  // namespace lessonsim::ui
