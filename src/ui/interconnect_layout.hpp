// Where the interconnect picture goes: one training step as a timeline, the useful work, a crash.
#pragma once

#include <vector>

#include "rect.hpp"
#include "scale.hpp"

namespace lessonsim::ui {

// The machine's figures, as its variables give them; a target below 0 means the step sets none.
struct StepFigures {
  double compute_s = 0;
  double exchange_s = 0;
  double step_s = 0;
  double exchange_share = 0;
  double target_share = -1;  // the exchange's largest allowed share of the step
  double gpus = 1;
  double useful_gpus = 0;
  double useful_target = -1;  // the fewest GPUs' worth of useful work asked for
  bool crash = false;         // show the crash panel
  double hours_run = 0;
  double checkpoint_h = 0;      // 0: none
  double lost_hours = 0;        // at worst: one interval
  double crash_lost_hours = 0;  // this crash: since the last checkpoint before it
};

struct InterconnectMetrics {
  float text_h = 20;
  float small_h = 16;
  float gap = 16;
  // The useful-work axis holds this many times the step's target (or the GPUs, with none), so
  // adding GPUs moves the bars instead of the axis.
  double targets_in_view = 2.5;
};

struct InterconnectLayout {
  Rect area;
  Rect step_title;
  Rect step_bar;  // the whole step, 0 s at the left
  Rect compute;   // the math, first
  Rect exchange;  // then the gradient exchange
  bool has_target = false;
  Rect target_mark;  // where the exchange may start at the latest
  Rect step_caption;
  bool exchange_over = false;  // the exchange takes more of the step than the target allows

  Rect useful_title;
  Rect useful_bar;  // 0 at the left; the axis is fixed by the target
  Rect useful_fill;
  Rect useful_all;  // what all the GPUs would do if none ever waited
  bool gpus_broken = false;
  Rect gpus_mark;       // where all the GPUs would be
  Rect useful_caption;  // two rows under the bar: the GPUs' tag, then the target's
  bool has_useful_target = false;
  Rect useful_target_mark;

  bool crash = false;
  Rect crash_title;
  Rect run_bar;  // 0 h at the left, the crash at the right
  std::vector<Rect> checkpoints;
  Rect lost;  // the work this crash throws away: from the last checkpoint to the crash
  Rect crash_caption;
  Marks marks;  // the step's parts (shares of it), useful GPUs, the run and what the crash loses
};

InterconnectLayout layout_interconnect(const StepFigures& figures, Rect area,
                                       const InterconnectMetrics& metrics = {});

}  // namespace lessonsim::ui
