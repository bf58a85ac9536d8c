// Where the memory-stack picture goes: serving and training bars against the GPU's memory line.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "split_layout.hpp"

namespace lessonsim::ui {

// The parts of a GPU's memory, bottom to top, in the order the machine stacks them.
enum class MemoryPart { weights, gradients, optimizer, activations };
inline constexpr int memory_part_count = 4;

// The machine's figures in GB, as its variables give them (the UI computes none of them).
struct MemoryFigures {
  double capacity_gb = 80;
  double serve_gb = 0;                                  // one serving copy: the weights alone
  std::array<double, memory_part_count> train_gb = {};  // the fullest training GPU, per part
  double overflow_gb = 0;
  double free_gb = 0;
  double total_gb = 0;
};

struct MemoryMetrics {
  float text_h = 20;
  float small_h = 16;
  float gap = 16;
};

struct StackSegment {
  MemoryPart part = MemoryPart::weights;
  double gb = 0;
  Rect rect;
  Rect over;              // the share of the segment above the memory line; zero height when none
  bool labelled = false;  // tall enough for its amount inside
};

struct MemoryBar {
  Rect slot;     // 0 GB at the bottom, the scale's top at the top
  Rect title;    // above the slot
  Rect caption;  // under the slot: the total and how far over or how much is free
  double total_gb = 0;
  std::vector<StackSegment> segments;  // parts of zero GB are left out
  bool over = false;
};

struct MemoryLayout {
  Rect area;
  double scale_gb = 0;  // what the slot's full height stands for
  Rect line;            // the GPU's memory line, across both bars
  Rect line_label;      // beside the line's right end
  MemoryBar serve;
  MemoryBar train;
  Rect legend;  // right of the bars: one row per part
  std::array<Rect, memory_part_count> legend_rows;
};

MemoryLayout layout_memory_stack(const MemoryFigures& figures, Rect area,
                                 const MemoryMetrics& metrics = {});

}  // namespace lessonsim::ui
