#include "scale.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "lessonsim/text.hpp"

namespace lessonsim::ui {

namespace {

Scale make(std::string quantity, std::string unit, std::string shown_unit, double base_per_shown,
           double px) {
  Scale s;
  s.quantity = std::move(quantity);
  s.unit = std::move(unit);
  s.shown_unit = std::move(shown_unit);
  s.base_per_shown = base_per_shown;
  s.px_per_shown = px;
  return s;
}

Mark base(const Scale& s, double shown) {
  Mark m;
  m.quantity = s.quantity;
  m.unit = s.unit;
  m.value = shown * s.base_per_shown;
  m.view = s.view;
  // Until label_marks gives it the locale's digits; the unit stays as the picture says it.
  m.label = s.shown_unit;
  return m;
}

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

Mark Scale::right(double shown, float x0, float y0, float y1, float x_max) const {
  Mark m = base(*this, shown);
  float len = length(std::max(shown, 0.0));
  m.broken = x0 + len > x_max + 0.5f;
  m.rect = {x0, y0, m.broken ? x_max : x0 + len, y1};
  return m;
}

Mark Scale::up(double shown, float x0, float x1, float y1, float y_min) const {
  Mark m = base(*this, shown);
  m.up = true;
  float len = length(std::max(shown, 0.0));
  m.broken = y1 - len < y_min - 0.5f;
  m.rect = {x0, m.broken ? y_min : y1 - len, x1, y1};
  return m;
}

Scale memory_scale_gb(double px_per_gb) {
  return make("memory", "B", "GB", 1e9, px_per_gb);
}
Scale time_scale(std::string_view shown_unit, double px) {
  double per = shown_unit == "days" ? 86400 : shown_unit == "h" ? 3600 : 1;
  return make("time", "s", std::string(shown_unit), per, px);
}
Scale power_scale_kw(double px) {
  return make("power", "W", "kW", 1e3, px);
}
Scale money_scale_musd(double px) {
  return make("money", "USD", "$M", 1e6, px);
}
Scale compute_scale_zflop(double px) {
  return make("compute", "FLOP", "ZFLOP", 1e21, px);
}
Scale count_scale(std::string_view unit, double px) {
  return make("count", std::string(unit), std::string(unit), 1, px);
}
Scale share_scale(double px) {
  return make("share", "1", "%", 0.01, px / 100);
}

void label_marks(Marks& marks, std::string_view locale) {
  for (Mark& m : marks) {
    std::string unit = m.label.substr(m.label.rfind(' ') + 1);
    const UnitMeasure* shown = unit_measure(unit);
    double per = shown ? shown->per_unit : 1;
    m.label = format_number(m.value / per, locale) + " " + unit;
  }
}

std::vector<std::string> check_marks(const Marks& marks) {
  std::vector<std::string> out;
  std::map<std::pair<std::string, std::string>, std::vector<const Mark*>> groups;
  for (const Mark& m : marks)
    groups[{m.quantity, m.view}].push_back(&m);
  for (const auto& [key, group] : groups) {
    std::string name = key.first + (key.second.empty() ? "" : " (" + key.second + ")");
    // The scale: pixels per base unit, from the longest unbroken mark.
    const Mark* longest = nullptr;
    for (const Mark* m : group) {
      if (!m->broken && m->value > 0 && (!longest || m->value > longest->value)) longest = m;
    }
    const double k = longest ? longest->length() / longest->value : 0;
    float unbroken_max = 0;
    for (const Mark* m : group) {
      if (m->broken) continue;
      unbroken_max = std::max(unbroken_max, m->length());
      double want = m->value * k;
      if (std::abs(m->length() - want) > std::max(1.5, 0.02 * want)) {
        out.push_back(name + ": " + m->label + " is " + std::to_string(m->length()) +
                      " px long, to scale it would be " + std::to_string(want) + " px");
      }
    }
    for (const Mark* a : group) {
      if (a->broken) {
        if (a->label.find_first_of("0123456789") == std::string::npos)
          out.push_back(name + ": a broken mark without its number");
        if (a->length() <= unbroken_max)
          out.push_back(name + ": broken " + a->label + " is no longer than an unbroken mark");
      }
      for (const Mark* b : group) {
        if (a->value > b->value && a->length() < b->length() - 0.5f) {
          out.push_back(name + ": " + a->label + " is drawn shorter than " + b->label);
        }
      }
    }
  }
  return out;
}

}  // namespace lessonsim::ui
