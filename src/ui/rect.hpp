// A rectangle on screen, in pixels: what every layout returns and every canvas paints.
#pragma once

namespace lessonsim::ui {

struct Rect {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  float width() const { return x1 - x0; }
  float height() const { return y1 - y0; }
  float center_x() const { return (x0 + x1) * 0.5f; }
  float center_y() const { return (y0 + y1) * 0.5f; }
  bool contains(float x, float y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
};

}  // namespace lessonsim::ui
