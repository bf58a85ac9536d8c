#include "point_ring.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include <imgui.h>

#include "theme.hpp"

namespace lessonsim::ui {

namespace {

struct BaseUnit {
  std::string_view unit;      // as a variable's table writes it
  std::string_view quantity;  // the mark's quantity
  std::string_view base;      // the mark's base unit
  double per_unit;            // base units in one `unit`
};

// What a variable's unit is as a mark: the quantities scale.hpp's scales draw.
constexpr BaseUnit base_units[] = {
    {"B", "memory", "B", 1},        {"GB", "memory", "B", 1e9},         {"TB", "memory", "B", 1e12},
    {"W", "power", "W", 1},         {"kW", "power", "W", 1e3},          {"MW", "power", "W", 1e6},
    {"s", "time", "s", 1},          {"ms", "time", "s", 1e-3},          {"h", "time", "s", 3600},
    {"day", "time", "s", 86400},    {"days", "time", "s", 86400},       {"USD", "money", "USD", 1},
    {"FLOP", "compute", "FLOP", 1}, {"ZFLOP", "compute", "FLOP", 1e21}, {"share", "share", "1", 1},
    {"%", "share", "1", 0.01},
};

bool same_value(double a, double b) {
  return std::fabs(a - b) <= 1e-6 * std::max({1.0, std::fabs(a), std::fabs(b)});
}

}  // namespace

const Mark* pointed_mark(const Marks& marks, std::string_view unit, double value) {
  // A unit that is no measure (GPU, racks, a formula's "months") is a count of itself, which a
  // picture calls "count" or by the unit's own name.
  BaseUnit as = {unit, "count", unit, 1};
  bool counted = true;
  for (const BaseUnit& b : base_units) {
    if (b.unit == unit) as = b, counted = false;
  }
  const Mark* found = nullptr;
  for (const Mark& m : marks) {
    bool quantity = m.quantity == as.quantity || (counted && m.quantity == unit);
    if (!quantity || m.unit != as.base || !same_value(m.value, value * as.per_unit)) continue;
    // The mark at true scale before a magnified or broken one of the same value.
    if (!found || (found->broken && !m.broken) || (!found->view.empty() && m.view.empty())) {
      found = &m;
    }
  }
  return found;
}

const Mark* step_pointed_mark(const Engine& engine, const Marks& marks) {
  const std::string& name = engine.step().point;
  if (name.empty()) return nullptr;
  const MachineSpec& spec = engine.machine().spec();
  auto index = spec.variable(name);
  if (!index || *index >= engine.values().size()) return nullptr;
  return pointed_mark(marks, spec.variables[*index].unit, engine.values()[*index]);
}

void draw_point_ring(const Mark& mark) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float pad = ImGui::GetFontSize() * 0.25f;
  const ImVec2 a(mark.rect.x0 - pad, mark.rect.y0 - pad), b(mark.rect.x1 + pad, mark.rect.y1 + pad);
  const float thick = std::max(2.0f, ImGui::GetFontSize() * 0.14f);
  dl->AddRect(a, b, palette::accent, pad, 0, thick);
  if (mark.label.empty()) return;
  // The name above the ring, or below it when the ring touches the window's top.
  const ImVec2 size = ImGui::CalcTextSize(mark.label.c_str());
  float y = a.y - size.y - pad * 0.5f;
  if (y < ImGui::GetWindowPos().y) y = b.y + pad * 0.5f;
  const ImVec2 at(a.x, y);
  dl->AddRectFilled(ImVec2(at.x - pad * 0.5f, at.y),
                    ImVec2(at.x + size.x + pad * 0.5f, at.y + size.y), palette::accent, pad * 0.5f);
  dl->AddText(at, palette::panel, mark.label.c_str());
}

}  // namespace lessonsim::ui
