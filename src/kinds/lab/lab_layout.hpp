// Where the lab's six checks go: one row each with its name, a bar of use against the limit and
// the numbers, a pure function of the figures and a rect.
#pragma once

#include <array>

#include "rect.hpp"
#include "scale.hpp"

namespace lessonsim::ui {

inline constexpr std::size_t lab_check_count =
    6;  // memory, deadline, power, budget, cooling, space

// One check as the machine reports it: how much the plan uses, the limit, and whether it passes.
struct LabCheckFigure {
  double used = 0;
  double limit = 0;
  bool ok = true;
  Scale scale;  // the check's quantity and unit; its pixels per unit are the layout's
};

struct LabMetrics {
  float small_h = 16;
  float gap = 10;
  float name_w = 120;  // the widest check name with its icon
  float text_w = 220;  // the widest numbers
  float min_bar_w = 90;
};

struct LabCheckRow {
  Rect name;
  Rect bar;   // the track: 0 on the left; the limit at limit_x
  Rect fill;  // the use, up to the track's end
  float limit_x = 0;
  bool over = false;
  Rect over_part;       // from the limit to the use, hatched
  Rect text;            // the numbers: beside the bar, or under it when the area is narrow
  bool broken = false;  // the use is past the track's end: a break mark, the number beside it
};

struct LabChecksLayout {
  std::array<LabCheckRow, lab_check_count> rows;
  bool stacked = false;  // numbers under the bars
  float bottom = 0;
  Marks marks;  // each check's use, on its own quantity's scale
};

// Each track holds twice its limit, so the limit line stays in the middle whatever the plan; a
// use past twice the limit is broken at the track's end and says its number.
LabChecksLayout layout_lab_checks(const std::array<LabCheckFigure, lab_check_count>& figures,
                                  Rect area, const LabMetrics& metrics = {});

}  // namespace lessonsim::ui
