// The units a variable, a lesson or a picture names, as a quantity measures them: "MW" is power
// in W, 1e6 of them. One list, so what a picture draws in a unit, what a step's `point` looks for
// and what `check` compares with a question's answer cannot disagree.
#pragma once

#include <string_view>

namespace lessonsim {

struct UnitMeasure {
  std::string_view unit;
  std::string_view quantity;  // "memory", "time", "power", "money", "compute", "share"
  std::string_view base;      // the quantity's base unit: "B", "s", "W", "USD", "FLOP", "1"
  double per_unit;            // base units in one `unit`
};

// Null for a unit no quantity measures: a count of itself (GPU, racks, a formula's "months").
const UnitMeasure* unit_measure(std::string_view unit);

}  // namespace lessonsim
