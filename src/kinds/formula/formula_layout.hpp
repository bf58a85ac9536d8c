// Where every item of a formula machine's picture goes: a pure function of its declaration, its
// variables' values and a rect, with one scale per quantity across the whole picture.
#pragma once

#include <string>
#include <vector>

#include "formula.hpp"
#include "rect.hpp"
#include "scale.hpp"

namespace lessonsim::ui {

struct FormulaMetrics {
  float text_h = 20;
  float small_h = 16;
  float gap = 14;
  float label_w = 180;  // the column of bar labels; every track starts after it
  float bar_h = 24;
  float chip = 30;  // a chip's side
  // Lines each picture item's title takes, in order (the canvas wraps a title wider than the
  // picture; missing entries are one line).
  std::vector<int> title_lines;
};

// One length drawn on a track: a bar, a stack's part, a timeline's run.
struct FormulaBar {
  int variable = -1;
  double value = 0;
  Rect rect;            // as drawn (cut at the track's end when broken)
  Rect over;            // the part past the item's limit; empty when within
  bool broken = false;  // longer than the track: a break mark and its number
  Rect label;           // bars: the row's label, left of the track
};

struct FormulaItemLayout {
  PictureItem::Kind kind = PictureItem::Kind::bars;
  const PictureItem* item = nullptr;
  Rect title;
  std::vector<Rect> tracks;  // bars: one per bar; stack, timeline: one
  std::vector<FormulaBar> bars;
  // The limit line (bars, stack) or the marker (timeline), when declared; `beyond` when it
  // falls past the track, drawn at its end with its number.
  bool has_line = false;
  float line_x = 0;
  double line_value = 0;
  bool line_beyond = false;
  bool over_limit = false;  // some bar, or the stack's total, is past the limit
  std::vector<Rect> chips;  // chips: as many as fit
  double chip_count = 0;
  int hidden_chips = 0;     // chips that did not fit, said as "+N"
  bool warn = false;        // chips: the warning variable holds
  std::vector<Rect> tiles;  // counters
};

struct FormulaLayout {
  std::vector<FormulaItemLayout> items;
  Marks marks;
  // From the area's top to the last item's bottom. More than the area's height when the items,
  // thinned as far as they go, still do not fit: the canvas then scrolls the picture.
  float height = 0;
};

// The scale a unit is drawn on: memory, time, power and money keep the project's quantities
// (so a formula's GB sit on the memory scale), any other unit is its own quantity.
Scale scale_for_unit(const std::string& unit, double px_per_unit);

FormulaLayout layout_formula(const FormulaDef& def, const std::vector<double>& values, Rect area,
                             const FormulaMetrics& m = {});

}  // namespace lessonsim::ui
