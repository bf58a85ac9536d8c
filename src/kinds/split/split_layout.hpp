// Where every part of the split machine goes on screen: a pure function of its state and a rect.
#pragma once

#include <cstdint>
#include <vector>

#include "rect.hpp"
#include "scale.hpp"
#include "split.hpp"

namespace lessonsim::ui {

// Sizes the layout needs from the fonts and the theme, in pixels.
struct SplitMetrics {
  float text_h = 20;
  float small_h = 16;
  float gap = 16;
  float min_card_w = 18;
  float max_card_w = 150;
  float seam = 3;  // a cut's width in the model block
  float tick = 7;  // a chip tick's height at the model's foot
  // The model's label when it is drawn beside the block (0: it fits inside): its widest line
  // and its lines' height. The block moves aside to leave it the room.
  float label_w = 0;
  float label_h = 0;
};

struct SliceRect {
  Rect rect;
  std::int64_t index = 0;
  double gb = 0;
};

struct GaugeSegment {
  Rect rect;  // clipped to the gauge; the part above it is the card's overflow
  std::int64_t slice = 0;
};

struct GpuCard {
  std::int64_t index = 0;
  Rect card;     // the card behind the gauge and the caption
  Rect gauge;    // 0 GB at the bottom, the GPU's memory at the top
  Rect fill;     // the load, up to the top of the gauge
  Rect caption;  // name and load under the gauge
  double load_gb = 0;
  double capacity_gb = 0;
  double fill_fraction = 0;  // load / capacity, at most 1
  std::vector<GaugeSegment> segments;
  bool overflowing = false;
  Rect overflow;  // above the gauge's top: how far the load is over
  Rect overflow_label;
  double overflow_gb = 0;
  bool compact = false;  // too narrow for words: the canvas shows numbers only
};

struct Link {
  Rect rect;
  std::int64_t from = 0;  // between card `from` and `from + 1`
};

struct SplitLayout {
  Rect area;
  // One memory scale for the whole picture: the model across the top and every GPU's memory,
  // chosen so the whole model stacked on one GPU still fits (the chip keeps its size whatever
  // the cut).
  double px_per_gb = 0;
  std::vector<float> chip_ticks;  // under the model, every GPU's worth of memory
  float tick_h = 0;               // the ticks rise this far from the model's foot
  Rect model;                     // the whole model; clicking it cuts
  // Where the model's name and size go: inside the block above the ticks, or beside it (never
  // over the block or its ticks).
  Rect label;
  bool label_beside = false;
  Rect hint;  // the caption row under the model
  double model_gb = 0;
  std::vector<SliceRect> slices;
  std::vector<Rect> seams;
  std::vector<GpuCard> gpus;
  std::int64_t hidden_gpus = 0;  // too many to draw: the last slot says "+N more"
  Rect more;
  std::vector<Link> links;  // only when everything fits
  bool fits = false;
  Marks marks;  // every memory length drawn: model, slices, each GPU's memory and load, overflow
};

// The cut as frames, t 0..1: the seams open down through the model, then each slice travels
// from its place in the model onto its GPU. At t = 1 every slice sits on its GPU's segment.
struct SplitCutFrame {
  float seams = 1;                // how far down the model the seams have cut, 0..1
  float gpu_alpha = 1;            // the GPUs come forward while the seams open
  bool travelling = false;        // the slices have left the model
  std::vector<SliceRect> slices;  // where each slice is drawn at this frame
};
SplitCutFrame split_cut_frame(const SplitLayout& layout, float t);

SplitLayout layout_split(const SplitMachine& machine, Rect area, const SplitMetrics& metrics = {});

}  // namespace lessonsim::ui
