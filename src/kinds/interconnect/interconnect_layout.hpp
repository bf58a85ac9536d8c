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
  double link_gb_per_s = 0;     // the chosen link's bandwidth per GPU
  double fastest_gb_per_s = 0;  // the catalog's fastest link, for the pulses' pace
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
  // Under it all, when there is room: two GPUs and the link between them, where the gradient
  // exchange is shown travelling.
  bool has_lane = false;
  Rect gpu_a, gpu_b, lane;
  Marks marks;  // the step's parts (shares of it), useful GPUs, the run and what the crash loses
};

// The gradient exchange on the lane, `seconds` into it: a pulse leaves a GPU every
// `pulse_every_s` (in turn from each end) and crosses at a pace ∝ the link's bandwidth, the
// fastest link crossing in `fastest_crossing_s`. Pulses still on the lane, in screen pixels.
constexpr float pulse_every_s = 0.25f;
constexpr float fastest_crossing_s = 0.4f;
std::vector<Rect> exchange_pulses(const InterconnectLayout& layout, const StepFigures& figures,
                                  float seconds);

InterconnectLayout layout_interconnect(const StepFigures& figures, Rect area,
                                       const InterconnectMetrics& metrics = {});

}  // namespace lessonsim::ui
