// Where the batching picture goes: the memory bar, the latency bar and the three figures, a pure
// function of the machine's figures and a rect.
#pragma once

#include <array>

#include "rect.hpp"
#include "scale.hpp"

namespace lessonsim::ui {

// What the picture shows, read from the machine's variables (the UI computes none of them).
struct BatchingFigures {
  double memory_gb = 0;   // all GPUs together
  double weights_gb = 0;  // the model, once
  double kv_gb = 0;       // every request's KV cache
  double step_ms = 0;     // one token for everyone
  double target_ms = 0;   // the promise
};

struct BatchingMetrics {
  float text_h = 20;
  float small_h = 16;
  float gap = 16;
  double limits_in_view = 1.5;
  // Lines of small text the headline and each bar's caption take at this width (a longer
  // language or larger text wraps them rather than running past the canvas).
  int headline_lines = 1;
  int memory_caption_lines = 1;
  int latency_caption_lines = 1;
};

// A horizontal bar against a limit: the fill up to the limit, then the part over it. The track
// holds `limits_in_view` limits, so the limit keeps its place whatever the value.
struct BatchingLimitBar {
  Rect label;  // the row above: what the bar measures
  Rect bar;    // the whole track; the right end is max(limit, value)
  float limit_x = 0;
  bool over = false;
  Rect over_part;       // from the limit to the value, when over
  Rect caption;         // the row below: the numbers
  bool broken = false;  // the value is past the track: cut by a break mark, its number below
};

struct BatchingLayout {
  Rect headline;  // GPUs and batch, in words
  BatchingLimitBar memory;
  Rect weights;  // inside memory.bar
  Rect kv;       // inside memory.bar, after the weights
  BatchingLimitBar latency;
  Rect step;                  // inside latency.bar
  std::array<Rect, 3> tiles;  // tokens/s per person, tokens/s in total, cost per million
  float bar_h = 0;            // the tracks' height: less than full when the area is short
  bool fits = false;          // everything inside the area
  Marks marks;                // the memory used and its parts, the step's time
};

BatchingLayout layout_batching(const BatchingFigures& figures, Rect area,
                               const BatchingMetrics& metrics = {});

}  // namespace lessonsim::ui
