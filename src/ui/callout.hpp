// A callout: a small part of the picture drawn larger in an inset, tied to the region it
// magnifies by two visible connector lines and labelled with its factor ("×10"), its marks
// exactly that factor larger (Scale::magnified). The one way a picture may draw a quantity at a
// second scale.
#pragma once

#include <array>
#include <string>

#include <imgui.h>

#include "rect.hpp"
#include "scale.hpp"

namespace lessonsim::ui {

struct Callout {
  View view;   // id, factor, the source region and the inset
  Rect label;  // where its factor is written: under the inset, at its left
  // Two lines from the source region's corners to the inset's, on the sides that face each
  // other, so they cross neither box.
  std::array<std::array<float, 4>, 2> connectors{};
};

// The largest round factor at most `wanted` (1, 2, 5, 10, 20, 50, … and 3, 4 below 5), so the
// label says the factor exactly; at least 1.
double callout_factor(double wanted);

// The callout `id` magnifying `source` by `factor` into `inset`; `label_h` the height of the row
// under the inset that its label takes.
Callout layout_callout(std::string id, double factor, Rect source, Rect inset, float label_h,
                       std::string zoom_of = {});

// "×10" in the screen's language.
std::string callout_label(double factor, std::string_view locale);

// The inset's frame, the connectors, the source's outline and the label (recorded as text).
void draw_callout(ImDrawList* dl, const Callout& c, std::string_view locale);

}  // namespace lessonsim::ui
