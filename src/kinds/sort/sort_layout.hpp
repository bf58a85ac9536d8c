// Where the sort picture goes: one row per job, its name, then a slot for each of the two bins,
// and under each bin's heading a bar of its jobs on one count scale; a pure function of a rect
// and how tall each name is when wrapped.
#pragma once

#include <array>
#include <cstddef>
#include <functional>

#include "scale.hpp"
#include "sort.hpp"
#include "split/split_layout.hpp"

namespace lessonsim::ui {

struct SortMetrics {
  float small_h = 16;
  float gap = 12;
  float pad = 6;
  float slot_w = 100;  // at least: the widest button label
  float button_h = 26;
  float header_h = 40;  // the tallest column heading
  float bar_h = 6;      // the bins' job-count bars under their headings
};

// Whether `area` is too narrow for names beside the buttons: each name then sits above its
// row's two buttons, which share the width.
bool sort_stacked(Rect area, const SortMetrics& metrics);
// How wide each bin's column is in `area`.
float sort_slot_width(Rect area, const SortMetrics& metrics);

struct SortRow {
  Rect row;
  Rect text;        // the job's name, wrapped to this width
  Rect datacenter;  // the slot in the datacenter column
  Rect network;     // the slot in the network column
};

struct SortLayout {
  Rect header_jobs, header_datacenter, header_network;
  // Under each bin's heading, a track as wide as all nine jobs.
  Rect track_datacenter, track_network;
  std::array<SortRow, sort_item_count> rows;
  bool fits = false;     // false: rows were squeezed below their text's height
  bool stacked = false;  // names above their buttons (see sort_stacked); no jobs heading
};

// `text_height(item, width)`: the wrapped name's height; `extra_lines[item]`: rows that also
// carry a line of feedback under the name.
SortLayout layout_sort(Rect area, const std::function<float(std::size_t, float)>& text_height,
                       const std::array<bool, sort_item_count>& extra_lines,
                       const SortMetrics& metrics = {});

// The jobs in each bin as bars on one count scale, the full track being every job: what the
// canvas draws under the headings and `shot --marks` dumps.
Marks sort_marks(const SortLayout& layout, double in_datacenter, double in_network);

}  // namespace lessonsim::ui
