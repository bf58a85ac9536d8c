#include "point_ring.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include <imgui.h>

#include "theme.hpp"

namespace lessonsim::ui {

namespace {

bool same_value(double a, double b) {
  return std::fabs(a - b) <= 1e-6 * std::max({1.0, std::fabs(a), std::fabs(b)});
}

float overlap(const Rect& a, const Rect& b) {
  const float w = std::min(a.x1, b.x1) - std::max(a.x0, b.x0);
  const float h = std::min(a.y1, b.y1) - std::max(a.y0, b.y0);
  return w > 0 && h > 0 ? w * h : 0;
}

// Every glyph the window's draw list holds so far: axis-aligned quads textured from the font
// atlas, where filled shapes use its one white pixel. Shapes of other vertex counts come between
// them, so the quads are found vertex by vertex.
std::vector<Rect> drawn_text(const ImDrawList& dl) {
  const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
  auto textured = [&](const ImDrawVert& v) { return v.uv.x != white.x || v.uv.y != white.y; };
  std::vector<Rect> out;
  for (int k = 0; k + 3 < dl.VtxBuffer.Size;) {
    const ImDrawVert* q = &dl.VtxBuffer[k];
    const bool glyph = textured(q[0]) && textured(q[1]) && textured(q[2]) && textured(q[3]) &&
                       q[0].pos.y == q[1].pos.y && q[2].pos.y == q[3].pos.y &&
                       q[0].pos.x == q[3].pos.x && q[1].pos.x == q[2].pos.x;
    if (!glyph) {
      ++k;
      continue;
    }
    out.push_back({std::min(q[0].pos.x, q[1].pos.x), std::min(q[0].pos.y, q[2].pos.y),
                   std::max(q[0].pos.x, q[1].pos.x), std::max(q[0].pos.y, q[2].pos.y)});
    k += 4;
  }
  return out;
}

}  // namespace

Rect place_ring_label(const Rect& ring, float w, float h, float gap, const Rect& bounds,
                      const std::vector<Rect>& avoid) {
  const float above = ring.y0 - gap - h, below = ring.y1 + gap;
  const float mid = ring.center_y() - h / 2;
  const Rect candidates[] = {
      {ring.x0, above, ring.x0 + w, above + h},
      {ring.x1 - w, above, ring.x1, above + h},
      {ring.x0, below, ring.x0 + w, below + h},
      {ring.x1 - w, below, ring.x1, below + h},
      {ring.x1 + gap, mid, ring.x1 + gap + w, mid + h},
      {ring.x0 - gap - w, mid, ring.x0 - gap, mid + h},
  };
  Rect best = candidates[0];
  float least = -1;
  for (const Rect& c : candidates) {
    const bool inside =
        c.x0 >= bounds.x0 && c.y0 >= bounds.y0 && c.x1 <= bounds.x1 && c.y1 <= bounds.y1;
    if (!inside) continue;
    float covered = 0;
    for (const Rect& a : avoid)
      covered += overlap(c, a);
    if (covered == 0) return c;
    if (least < 0 || covered < least) least = covered, best = c;
  }
  return best;
}

const Mark* pointed_mark(const Marks& marks, std::string_view unit, double value) {
  // A unit that is no measure (GPU, racks, a formula's "months") is a count of itself, which a
  // picture calls "count" or by the unit's own name.
  const UnitMeasure* measured = unit_measure(unit);
  const UnitMeasure as = measured ? *measured : UnitMeasure{unit, "count", unit, 1};
  const bool counted = !measured;
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
  const ImVec2 size = ImGui::CalcTextSize(mark.label.c_str());
  const ImVec2 w0 = ImGui::GetWindowPos(), ws = ImGui::GetWindowSize();
  const Rect ring{a.x, a.y, b.x, b.y};
  const Rect tag = place_ring_label(ring, size.x + pad, size.y, pad * 0.5f,
                                    {w0.x, w0.y, w0.x + ws.x, w0.y + ws.y}, drawn_text(*dl));
  dl->AddRectFilled(ImVec2(tag.x0, tag.y0), ImVec2(tag.x1, tag.y1), palette::accent, pad * 0.5f);
  dl->AddText(ImVec2(tag.x0 + pad * 0.5f, tag.y0), palette::panel, mark.label.c_str());
}

}  // namespace lessonsim::ui
