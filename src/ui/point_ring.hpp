// A step's `point`: the mark that draws the pointed variable's quantity, ringed and named.
#pragma once

#include <optional>
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

// Where the ring's label (`width` × `height`) goes, inside `bounds` and covering nothing in
// `avoid` (the text and the other marks drawn): beside `ring` (above, below, left, right, each
// side's two ends), else as near it as is free further out that way, past the picture's edge;
// else the place beside it covering least.
Rect place_ring_label(const Rect& ring, float width, float height, float gap, const Rect& bounds,
                      const std::vector<Rect>& avoid);

// Rings `mark` on the current window and writes its label (the number, in the screen's language)
// beside it, off the text the window has drawn and the other `marks` (where the canvas drew
// each), so the learner sees what the text is about and the tag hides nothing. Returns where the
// tag went; none without a label.
std::optional<Rect> draw_point_ring(const Mark& mark, const std::vector<Rect>& marks);

}  // namespace lessonsim::ui
