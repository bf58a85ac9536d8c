// Motion arithmetic shared by the layouts' animation frames: easing and interpolating rects.
#pragma once

#include <algorithm>
#include <cmath>

#include "rect.hpp"

namespace lessonsim::ui {

// Slow in and out, 0 → 0, 1 → 1.
inline float ease(float t) {
  t = std::clamp(t, 0.0f, 1.0f);
  return t < 0.5f ? 2 * t * t : 1 - std::pow(-2 * t + 2, 2.0f) / 2;
}

inline Rect lerp(const Rect& a, const Rect& b, float t) {
  return {a.x0 + (b.x0 - a.x0) * t, a.y0 + (b.y0 - a.y0) * t, a.x1 + (b.x1 - a.x1) * t,
          a.y1 + (b.y1 - a.y1) * t};
}

// x' = ox + s·x, y' = oy + s·y: one scale on both axes, so a picture keeps its proportions (and
// its marks their ratios) while it moves.
struct Affine {
  float s = 1, ox = 0, oy = 0;
  float x(float v) const { return ox + s * v; }
  float y(float v) const { return oy + s * v; }
  Rect operator()(const Rect& r) const { return {x(r.x0), y(r.y0), x(r.x1), y(r.y1)}; }
  // The map that puts `from` onto `to` (same aspect: only `to`'s width is used for the scale).
  static Affine onto(const Rect& from, const Rect& to) {
    Affine a;
    a.s = to.width() / std::max(from.width(), 1e-6f);
    a.ox = to.x0 - from.x0 * a.s;
    a.oy = to.y0 - from.y0 * a.s;
    return a;
  }
};

}  // namespace lessonsim::ui
