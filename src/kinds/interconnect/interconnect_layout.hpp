// Where the interconnect picture goes: one training step as a length of time (the math, then
// the gradient exchange over the link), the useful work of the GPUs, and, on its own screen,
// what a crash throws away between checkpoints.
#pragma once

#include <vector>

#include "callout.hpp"
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
  double hours_run = 0;
  double checkpoint_h = 0;      // 0: none
  double lost_hours = 0;        // at worst: one interval
  double crash_lost_hours = 0;  // this crash: since the last checkpoint before it
  double link_gb_per_s = 0;     // the chosen link's bandwidth per GPU
  double fastest_gb_per_s = 0;  // the catalog's fastest link, for the pulses' pace
};

// What the step shows, from its focus and what stands still on it.
struct InterconnectView {
  bool step = true;           // the step's timeline
  bool useful = true;         // the useful work
  bool useful_faded = false;  // the step is not about it: it gives way when room is short
  bool crash = false;         // the run and its crash (its own screen: a time scale in hours)
  bool step_title_optional = false;  // the step does not read the step's length: it may go
  bool exchange_hidden = false;      // a question asks for it: a "?" in its place until the choice
  bool useful_hidden = false;
  // The step's time axis in seconds, from the machine as the step is entered (four times its
  // math), so a move changes the bars, never the axis.
  double axis_s = 1;
  // The exchange at entry, magnified in a callout when it would be a sliver of the axis.
  double entry_exchange_s = 0;
  // The useful-work axis in GPUs: the target's or the GPUs' at entry, times targets_in_view.
  double useful_axis = 1;
};

struct InterconnectMetrics {
  float text_h = 20;
  float small_h = 16;
  float gap = 16;
  int caption_rows = 1;  // rows the step's caption takes at this width (the canvas measures)
};

struct InterconnectLayout {
  Rect area;
  bool step = false;
  Rect step_title;
  Rect step_bar;  // the step's time axis, 0 s at the left
  Rect compute;   // the math, first
  Rect exchange;  // then the gradient exchange (to the axis's end, broken, when longer)
  bool exchange_broken = false;
  bool has_target = false;
  Rect target_mark;   // where the step may end at the latest, for the exchange's target share
  Rect step_caption;  // `caption_rows` rows of the small font
  float caption_row_h = 0;
  bool exchange_over = false;  // the exchange takes more of the step than the target allows
  // The exchange magnified: a callout over the axis just after the math.
  bool zoomed = false;
  Callout callout;
  Rect zoom_exchange;  // the exchange in the callout
  bool zoom_broken = false;

  bool useful = false;
  Rect useful_title;
  Rect useful_bar;  // 0 at the left; the axis stands still on the step
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
  Marks marks;  // the step's math and exchange, the useful work, the run and what a crash loses
};

// The gradient exchange on the lane, `seconds` into it: a pulse leaves a GPU every
// `pulse_every_s` (in turn from each end) and crosses at a pace ∝ the link's bandwidth, the
// fastest link crossing in `fastest_crossing_s`. Pulses still on the lane, in screen pixels.
constexpr float pulse_every_s = 0.25f;
constexpr float fastest_crossing_s = 0.4f;
std::vector<Rect> exchange_pulses(const InterconnectLayout& layout, const StepFigures& figures,
                                  float seconds);

InterconnectLayout layout_interconnect(const StepFigures& figures, const InterconnectView& view,
                                       Rect area, const InterconnectMetrics& metrics = {});

}  // namespace lessonsim::ui
