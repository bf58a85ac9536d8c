// Where every part of the cluster machine goes on screen: a pure function of its figures, what
// the step shows, and a rect. Every length of time on the screen (the run, the work its
// failures throw away, the waste) is on one days axis; the waste may be magnified in a callout.
#pragma once

#include <cstdint>
#include <vector>

#include "callout.hpp"
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

// What the step shows of the picture, and the signals its marks carry (the canvas decides them
// from the step's focus).
struct ClusterView {
  bool compute = true;   // the 6·P·T and 8·P·T bars
  bool run = true;       // the run's bar, against the deadline
  bool failures = true;  // its checkpoints and failures on it
  bool waste = true;     // the days failures waste, and its callout
  // Shown only because the step reads nothing the picture draws: left out when room is short.
  bool compute_optional = false, waste_optional = false;
  Signal days_state = Signal::neutral;
  Signal waste_state = Signal::neutral;
  // The waste as the step was entered: the callout's factor is set from it, so no move changes
  // the callout's scale.
  double entry_wasted_days = 0;
};

struct ClusterMetrics {
  float text_h = 20;
  float small_h = 16;
  float gap = 16;
  // The days axis holds this many deadlines: the deadline keeps its length on every step of a
  // lesson (it is the reference the run is read against), and a run twice as long still fits.
  double deadlines_in_view = 2;
  // Failures or checkpoints closer than this many pixels are drawn as a band.
  float min_spacing = 3;
  // The waste at entry takes about this share of its callout's width.
  double callout_fill = 0.7;
};

struct ClusterLayout {
  Rect area;
  double px_per_day = 0;  // the one days axis of the screen
  bool subs = true;       // room for each title's second line (what it is measured against)
  // Compute: the 6·P·T and 8·P·T bars on one scale; the chosen one is `k`.
  bool compute = false;
  Rect compute_label;
  Rect six, eight;  // each bar's length is its FLOP count
  Rect six_track, eight_track;
  // The run: its days against the deadline; on it, its checkpoints and failures.
  Rect days_label;
  LimitBar days;
  bool days_broken = false;  // the run is longer than the axis: a break mark and its number
  Rect days_tags;            // the row under the run: the deadline, the number of a broken run
  bool failures = false;
  Rect failure_text;  // the failures' rate and the checkpoints' interval, one line each
  Rect failure_row;   // above the run: a mark per failure
  std::vector<float> checkpoint_x;  // empty when dense: then `checkpoints_dense`
  std::vector<float> failure_x;     // empty when dense: then `failures_dense`
  std::vector<Rect> lost;           // per failure: the work since the last checkpoint, redone
  bool checkpoints_dense = false;
  bool failures_dense = false;
  // The waste: lost work then writing checkpoints, against the least waste, on the days axis.
  bool waste = false;
  Rect waste_label;
  Rect waste_track;
  Rect waste_lost, waste_writing;
  float best_x = 0;  // where the least possible waste ends
  bool waste_broken = false;
  Rect waste_tags;
  // The waste magnified, when it is short on the days axis.
  bool zoomed = false;
  Callout callout;
  Rect zoom_lost, zoom_writing;
  float zoom_best_x = 0;
  bool zoom_broken = false;
  Marks marks;  // compute bars, the run, lost spans, the waste, the callout's waste
};

ClusterLayout layout_cluster(const ClusterFigures& f, const ClusterView& v, Rect area,
                             const ClusterMetrics& m = {});

}  // namespace lessonsim::ui
