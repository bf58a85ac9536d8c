// Lesson text with its glossary terms drawn in the accent colour and underlined; hovering a term,
// or reaching it with keyboard navigation, shows its definition.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lessonsim/lesson.hpp"

namespace lessonsim::ui {

// Like wrapped_text, but marks the terms of `lesson`'s glossary (whole words, any case). Text
// without terms is drawn exactly as wrapped_text draws it.
void text_with_terms(const std::string& text, const Lesson& lesson, std::string_view locale);

// A piece of such text on its line: `text[begin, end)` at `x` (from the left edge) on line `line`,
// `width` wide, in term `term` (-1: plain text).
struct PlacedPiece {
  std::size_t begin = 0, end = 0;
  float x = 0, width = 0;
  int line = 0;
  int term = -1;
};

// Where text_with_terms puts each piece of `text`, whose terms are the `[begin, end)` spans of
// `terms` (in order, not overlapping), at `width`, with `measure(begin, end)` the width of
// `text[begin, end)`. Lines break at spaces only, as wrapped_text's do: a word glued to a term,
// "(VRAM)," say, moves to the next line whole.
std::vector<PlacedPiece> place_pieces(
    const std::string& text, const std::vector<std::pair<std::size_t, std::size_t>>& terms,
    float width, const std::function<float(std::size_t, std::size_t)>& measure);

}  // namespace lessonsim::ui
