// Where every part of the cluster machine goes on screen: a pure function of its figures and a
// rect.
#pragma once

#include <cstdint>
#include <vector>

#include "lessonsim/machine.hpp"
#include "rack/rack_layout.hpp"

namespace lessonsim::ui {

// The machine's variables the picture shows, read by name (they come from the calculator).
struct ClusterFigures {
  double zettaflop = 0;  // k·P·T, 10^21 FLOP
  int k = 8;             // 6, or 8 with recomputation
  double gpus = 0;
  double tflops_per_gpu = 0;
  double cluster_pflops = 0;
  double days = 0;
  double deadline_days = 0;
  double failures = 0;
  double hours_between_failures = 0;
  double checkpoint_hours = 0;
  double lost_days = 0;
  double writing_days = 0;
  double wasted_days = 0;
  double best_checkpoint_hours = 0;
  double min_wasted_days = 0;
};

ClusterFigures cluster_figures(const Machine& machine);

struct ClusterMetrics {
  float text_h = 20;
  float small_h = 16;
  float gap = 16;
  int max_marks = 120;  // more checkpoints or failures than this: drawn as a shaded band
  // The days axis holds this many deadlines, so the deadline keeps its place on every step and
  // the slowest cluster the lesson starts from (128 GPUs, 271 days) still fits.
  double deadlines_in_view = 8;
  // The waste is drawn magnified, by this much against the days axis, and says so.
  double waste_zoom = 32;
};

struct ClusterLayout {
  Rect area;
  double px_per_day = 0;  // the days axis: the run's days and the deadline
  // Compute: the 6·P·T and 8·P·T bars on one scale; the chosen one is `k`.
  Rect compute_label;
  Rect six, eight;  // each bar's length is its FLOP count
  Rect six_track, eight_track;
  // Days: the run's days against the deadline, on one scale.
  Rect days_label;
  LimitBar days;
  bool days_broken = false;  // the run is longer than the axis: a break mark and its number
  // Failures over the run: the run from day 0 to its last day across the width (a view of its
  // own, labelled at both ends), with its checkpoints and failures.
  Rect timeline_label;
  Rect timeline;
  std::vector<float> checkpoint_x;  // empty when dense: then `checkpoints_dense`
  std::vector<float> failure_x;
  std::vector<Rect> lost;  // per failure: the work since the last checkpoint, redone
  bool checkpoints_dense = false;
  bool failures_dense = false;
  // The waste: lost work + writing checkpoints, against the least waste (Young's interval).
  Rect waste_label;
  Rect waste_track;
  Rect waste_lost;     // work redone after failures
  Rect waste_writing;  // pauses to write checkpoints, after the lost part
  float best_x = 0;    // where the least possible waste would end
  bool waste_broken = false;
  Marks marks;  // compute bars, the run's days, lost spans on the run, the waste (magnified)
};

ClusterLayout layout_cluster(const ClusterFigures& f, Rect area, const ClusterMetrics& m = {});

}  // namespace lessonsim::ui
