// Where the memory-stack picture goes: one whole serving copy beside one whole training copy on
// one memory scale, and, with more than one GPU, one GPU's share magnified against its memory.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "rect.hpp"
#include "scale.hpp"

namespace lessonsim::ui {

// The parts of a GPU's memory, bottom to top, in the order the machine stacks them.
enum class MemoryPart { weights, gradients, optimizer, activations };
inline constexpr int memory_part_count = 4;

// The most bytes per parameter any setting of the machine stores for training (mixed-precision
// or fp32 Adam: 16): the whole-copy scale holds it, so changing a setting moves the bars, not
// the scale.
inline constexpr double most_train_bytes_per_param = 16;

// The machine's figures in GB, as its variables give them (the UI computes none of them).
struct MemoryFigures {
  double capacity_gb = 80;
  double params_b = 0;
  double gpus = 1;
  double serve_gb = 0;                                  // one serving copy: the weights alone
  double train_copy_gb = 0;                             // one training copy before any split
  std::array<double, memory_part_count> train_gb = {};  // the fullest training GPU, per part
  double overflow_gb = 0;
  double free_gb = 0;
  double total_gb = 0;
};

struct MemoryMetrics {
  float text_h = 20;
  float small_h = 16;
  float gap = 16;
  // One GPU's panel holds this many times its memory, so its line keeps one height.
  double gpu_view_capacities = 2.5;
  // Lines each bar's name takes (the canvas wraps a name wider than its column to two).
  int title_lines = 1;
};

struct StackSegment {
  MemoryPart part = MemoryPart::weights;
  double gb = 0;
  Rect rect;
  Rect over;              // the share of the segment above the memory line; zero height when none
  bool labelled = false;  // tall enough for its amount inside
};

struct MemoryBar {
  Rect slot;  // 0 GB at the bottom, the scale's top at the top
  // Above and under the slot, as wide as the bar's column (never into the next column's):
  // its name, and its total with how far over or how much is free.
  Rect title;
  Rect caption;
  double total_gb = 0;
  std::vector<StackSegment> segments;  // parts of zero GB are left out
  bool over = false;
  bool broken = false;  // taller than its panel: cut by a break mark, its number in the caption
};

struct MemoryLayout {
  Rect area;
  double scale_gb = 0;  // what the whole-copy slots' full height stands for
  Rect line;            // the GPU's memory line, across the whole-copy bars
  Rect line_label;      // beside the line's right end, or the legend's first row
  // A narrow canvas (large text, a small window): the line's label joins the legend, which
  // leaves the bars more of the width.
  bool line_in_legend = false;
  MemoryBar serve;  // one whole serving copy
  MemoryBar train;  // one whole training copy; its parts when it is on one GPU
  // More than one GPU: the fullest GPU's share, in a panel magnified by `zoom`.
  bool per_gpu = false;
  double zoom = 1;
  MemoryBar gpu;
  Rect gpu_line;
  Rect gpu_frame;  // the magnified panel's outline
  Rect legend;     // right of the bars: the settings' lines above it, then one row per part
  std::array<Rect, memory_part_count> legend_rows;
  Marks marks;
};

MemoryLayout layout_memory_stack(const MemoryFigures& figures, Rect area,
                                 const MemoryMetrics& metrics = {});

}  // namespace lessonsim::ui
