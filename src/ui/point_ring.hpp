// A step's `point`: the mark that draws the pointed variable's quantity, ringed and named.
#pragma once

#include <string_view>
#include <vector>

#include "lessonsim/engine.hpp"
#include "scale.hpp"

namespace lessonsim::ui {

// The mark among `marks` that draws `value` of a variable measured in `unit` ("GB", "kW",
// "days", "USD", a count's "GPU"): the same quantity, base unit and value; null when none does.
const Mark* pointed_mark(const Marks& marks, std::string_view unit, double value);

// The mark the current step points at among `marks`, or null (no `point`, or no mark draws it).
const Mark* step_pointed_mark(const Engine& engine, const Marks& marks);

// Where the ring's label (`width` × `height`) goes: the first place round `ring` (above, below,
// right, left, each side's two ends) inside `bounds` that covers nothing in `avoid` (the text
// already drawn), else the place covering least of it.
Rect place_ring_label(const Rect& ring, float width, float height, float gap, const Rect& bounds,
                      const std::vector<Rect>& avoid);

// Rings `mark` on the current window and writes its label (the number, in the screen's language)
// beside it, where it covers no text the window has drawn, so the learner sees what the text is
// about.
void draw_point_ring(const Mark& mark);

}  // namespace lessonsim::ui
