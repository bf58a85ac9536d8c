// Scales and marks: every quantity a picture draws as a length goes through one Scale, and each
// length it draws is recorded as a Mark, so tests and `lessonsim shot --marks` can hold the
// picture to scale.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rect.hpp"

namespace lessonsim::ui {

// One quantity drawn as a length: `value` in the base unit (bytes, seconds, watts, dollars).
struct Mark {
  std::string quantity;  // "memory", "time", "power", "money", "count", "share"
  double value = 0;
  std::string unit;     // the base unit: "B", "s", "W", "USD", "GPU", "1"
  Rect rect;            // as drawn, in screen pixels
  bool up = false;      // grows upwards (else to the right)
  bool broken = false;  // longer than the room: drawn to the room's end with a break mark
  std::string label;    // the number as shown, e.g. "280 GB"
  // A magnified view the picture itself labels ("×28"): its marks are compared among themselves.
  std::string view;
  float length() const { return up ? rect.height() : rect.width(); }
};
using Marks = std::vector<Mark>;

// Pixels per unit of one quantity. `shown` values are in the unit the picture prints (GB, days,
// kW, $M), `base_per_shown` converts them to the base unit for the marks.
struct Scale {
  std::string quantity;
  std::string unit;           // base unit
  std::string shown_unit;     // what the labels say, e.g. "GB"
  double base_per_shown = 1;  // 1e9 for GB, 86400 for days
  double px_per_shown = 1;
  std::string view;

  float length(double shown) const { return static_cast<float>(shown * px_per_shown); }
  // A bar from x0 to the right within [x0, x_max]: true length, or broken at x_max.
  Mark right(double shown, float x0, float y0, float y1, float x_max) const;
  // A bar from y1 upwards within [y_min, y1]: true length, or broken at y_min.
  Mark up(double shown, float x0, float x1, float y1, float y_min) const;
};

// A unit a table, a lesson or a label names, as a mark measures it: "MW" is power in W, 1e6 of
// them. The one list of units the scales know, so what a picture draws in a unit and what a
// step's `point` at a variable in that unit looks for cannot disagree.
struct UnitMeasure {
  std::string_view unit;
  std::string_view quantity;  // the mark's quantity
  std::string_view base;      // the mark's base unit
  double per_unit;            // base units in one `unit`
};
// Null for a unit no scale measures: a count of itself (GPU, racks, a formula's "months").
const UnitMeasure* unit_measure(std::string_view unit);

// Scales by quantity; `px_per_shown` is what the layout chose for its screen.
Scale memory_scale_gb(double px_per_gb);
Scale time_scale(std::string_view shown_unit, double px_per_shown);  // "s", "h" or "days"
Scale power_scale_kw(double px_per_kw);
Scale money_scale_musd(double px_per_musd);
Scale compute_scale_zflop(double px_per_zflop);
Scale count_scale(std::string_view unit, double px_per_unit);
// Parts of a whole (0..1), e.g. the exchange's share of a step.
Scale share_scale(double px_per_whole);

// Fills every mark's label in the locale ("280 GB", "35 days").
void label_marks(Marks& marks, std::string_view locale);

// What breaks the rules on one screen, one line each (empty: the picture is to scale): marks of
// one quantity (and view) have length ∝ value within 1.5 px or 2 %, a larger value is never
// drawn shorter, and a broken mark has its number and is longer than every unbroken one.
std::vector<std::string> check_marks(const Marks& marks);

}  // namespace lessonsim::ui
