#include "point_ring.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include <imgui.h>

#include "draw.hpp"
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
  // Shifted into the bounds, when it fits in them at all.
  auto inside = [&](Rect c) {
    const float dx = std::max(bounds.x0 - c.x0, 0.0f) - std::max(c.x1 - bounds.x1, 0.0f);
    const float dy = std::max(bounds.y0 - c.y0, 0.0f) - std::max(c.y1 - bounds.y1, 0.0f);
    return Rect{c.x0 + dx, c.y0 + dy, c.x1 + dx, c.y1 + dy};
  };
  auto covered = [&](const Rect& c) {
    float sum = 0;
    for (const Rect& a : avoid)
      sum += overlap(c, a);
    return sum;
  };
  // Beside the ring, `out` further away: above and below at either end, then left and right.
  auto beside = [&](float out) {
    const float above = ring.y0 - gap - h - out, below = ring.y1 + gap + out;
    const float mid = ring.center_y() - h / 2;
    const float right = ring.x1 + gap + out, left = ring.x0 - gap - w - out;
    return std::vector<Rect>{
        {ring.x0, above, ring.x0 + w, above + h}, {ring.x1 - w, above, ring.x1, above + h},
        {ring.x0, below, ring.x0 + w, below + h}, {ring.x1 - w, below, ring.x1, below + h},
        {left, mid, left + w, mid + h},           {right, mid, right + w, mid + h},
    };
  };
  const float far = std::max(bounds.width(), bounds.height());
  const float step = std::max(h * 0.5f, 1.0f);
  for (float out = 0; out <= far; out += step) {
    for (const Rect& c : beside(out)) {
      const Rect in = inside(c);
      // Shifted into the bounds, a place may come back over the ring it names.
      if (overlap(in, ring) > 0) continue;
      if (in.x0 >= bounds.x0 && in.y0 >= bounds.y0 && covered(in) == 0) return in;
    }
  }
  Rect best = inside(beside(0).front());
  float least = covered(best);
  for (const Rect& c : beside(0)) {
    const Rect in = inside(c);
    if (covered(in) < least) least = covered(in), best = in;
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
  // The mark that says it draws the variable; else one of its quantity and value.
  const Mark* found = nullptr;
  for (const Mark& m : marks) {
    if (m.var != name) continue;
    if (!found || (found->broken && !m.broken) || (!found->view.empty() && m.view.empty()))
      found = &m;
  }
  if (found) return found;
  return pointed_mark(marks, spec.variables[*index].unit, engine.values()[*index]);
}

std::optional<Rect> draw_point_ring(const Mark& mark, const std::vector<Rect>& marks) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float pad = ImGui::GetFontSize() * 0.25f;
  const ImVec2 a(mark.rect.x0 - pad, mark.rect.y0 - pad), b(mark.rect.x1 + pad, mark.rect.y1 + pad);
  const float thick = std::max(2.0f, ImGui::GetFontSize() * 0.14f);
  dl->AddRect(a, b, palette::accent, pad, 0, thick);
  if (mark.label.empty()) return std::nullopt;
  const ImVec2 size = ImGui::CalcTextSize(mark.label.c_str());
  const ImVec2 w0 = ImGui::GetWindowPos(), ws = ImGui::GetWindowSize();
  const Rect ring{a.x, a.y, b.x, b.y};
  std::vector<Rect> avoid = drawn_text(*dl);
  // The ringed mark's own rect (and its copies, a picture's marks of the same bar) is no other.
  for (const Rect& r : marks) {
    const bool ringed = r.x0 == mark.rect.x0 && r.y0 == mark.rect.y0 && r.x1 == mark.rect.x1 &&
                        r.y1 == mark.rect.y1;
    if (!ringed) avoid.push_back(r);
  }
  const Rect tag =
      place_ring_label(ring, size.x + pad, size.y, pad * 0.5f,
                       {w0.x + pad, w0.y + pad, w0.x + ws.x - pad, w0.y + ws.y - pad}, avoid);
  // A tag pushed away from the ring is tied to it by a line, unless the line would cross words
  // or marks (a title between them): then the tag's place in line with the ring says enough.
  const float tx = std::clamp(ring.center_x(), tag.x0, tag.x1);
  const float ty = std::clamp(ring.center_y(), tag.y0, tag.y1);
  const float rx = std::clamp(tx, ring.x0, ring.x1), ry = std::clamp(ty, ring.y0, ring.y1);
  // Widened by the pad: a line through a word passes between its letters' own rects.
  const Rect line{std::min(tx, rx) - pad, std::min(ty, ry) - pad, std::max(tx, rx) + pad,
                  std::max(ty, ry) + pad};
  const bool clear =
      std::none_of(avoid.begin(), avoid.end(), [&](const Rect& r) { return overlap(line, r) > 0; });
  if (clear && std::hypot(tx - rx, ty - ry) > pad * 2) {
    dl->AddLine(ImVec2(tx, ty), ImVec2(rx, ry), palette::accent, thick * 0.5f);
  }
  dl->AddRectFilled(ImVec2(tag.x0, tag.y0), ImVec2(tag.x1, tag.y1), palette::accent, pad * 0.5f);
  draw::text_at(dl, ImGui::GetFont(), tag.x0 + pad * 0.5f, tag.y0, palette::panel, mark.label);
  return tag;
}

}  // namespace lessonsim::ui
