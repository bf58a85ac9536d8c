#include "lessonsim/units.hpp"

namespace lessonsim {

namespace {

constexpr UnitMeasure units[] = {
    {"B", "memory", "B", 1},     {"GB", "memory", "B", 1e9},     {"TB", "memory", "B", 1e12},
    {"W", "power", "W", 1},      {"kW", "power", "W", 1e3},      {"MW", "power", "W", 1e6},
    {"s", "time", "s", 1},       {"ms", "time", "s", 1e-3},      {"h", "time", "s", 3600},
    {"day", "time", "s", 86400}, {"days", "time", "s", 86400},   {"USD", "money", "USD", 1},
    {"$M", "money", "USD", 1e6}, {"FLOP", "compute", "FLOP", 1}, {"ZFLOP", "compute", "FLOP", 1e21},
    {"share", "share", "1", 1},  {"%", "share", "1", 0.01},
};

}  // namespace

const UnitMeasure* unit_measure(std::string_view unit) {
  for (const UnitMeasure& u : units) {
    if (u.unit == unit) return &u;
  }
  return nullptr;
}

}  // namespace lessonsim
