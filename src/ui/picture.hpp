// What one screen's picture holds, as the layout functions drew it: every mark, the callouts,
// every text and the plots. `lessonsim shot --marks` dumps it; screen_rules.hpp checks it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rect.hpp"
#include "scale.hpp"

namespace lessonsim::ui {

// A string as drawn: its box on screen and whether part of it fell outside the region it was
// drawn in (cut, not shortened: a string shortened to fit ends in "…" and is not clipped).
struct TextBox {
  Rect rect;
  std::string text;
  bool clipped = false;
};

// A point of a plot: its values (in the axes' base units) and where it is drawn.
struct PlotPoint {
  double x = 0, y = 0;
  float px = 0, py = 0;
};

// A curve of one quantity against another (the entry point for plots, drags and estimates):
// each axis is a scale of its own, and the current state is a point on it.
struct Plot {
  std::string x_quantity, y_quantity;
  std::string x_unit, y_unit;  // base units
  std::vector<PlotPoint> points;
  std::optional<PlotPoint> current;
};

struct Picture {
  Marks marks;
  std::vector<View> views;
  std::vector<TextBox> texts;
  std::vector<Plot> plots;
  Rect canvas;  // the part of the screen the machine's picture is seen in
  void clear() { *this = Picture{}; }
};

// While alive, every string the drawing module draws (draw::text_*) is added to `texts`, with
// whether the draw list's clip rectangle cut it; nested scopes restore the outer one.
class TextRecording {
 public:
  explicit TextRecording(std::vector<TextBox>* texts);
  ~TextRecording();
  TextRecording(const TextRecording&) = delete;
  TextRecording& operator=(const TextRecording&) = delete;

 private:
  std::vector<TextBox>* outer_;
};

// Where recorded texts go now; null when none is being recorded.
std::vector<TextBox>* recorded_texts();

}  // namespace lessonsim::ui
