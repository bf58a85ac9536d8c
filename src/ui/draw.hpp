// The canvases' one drawing vocabulary: text placement, fills, the overflow hatch and the break
// mark, so every machine's picture speaks the same visual language.
#pragma once

#include <string>

#include <imgui.h>

#include "rect.hpp"

namespace lessonsim::ui::draw {

inline ImVec2 v(float x, float y) {
  return ImVec2(x, y);
}
// One pixel at the display scale (the body font is 20 px at scale 1), for lines and corners.
float px();
ImU32 with_alpha(ImU32 c, float a);
// Everything drawn since `first_vertex` (dl->VtxBuffer.Size before it) made `alpha` as opaque:
// one picture fading out over another.
void fade_since(ImDrawList* dl, int first_vertex, float alpha);
float text_width(ImFont* font, const std::string& s);
// `s` as it fits `width` in `font`: whole, or cut short (never inside a character) with "…".
std::string fit_text(ImFont* font, const std::string& s, float width);
void text_centered(ImDrawList* dl, ImFont* font, const Rect& r, ImU32 color, const std::string& s);
// Top-left at (x, y).
void text_at(ImDrawList* dl, ImFont* font, float x, float y, ImU32 color, const std::string& s);
// Left edge at x, vertically centred on the row.
void text_in_row(ImDrawList* dl, ImFont* font, float x, const Rect& row, ImU32 color,
                 const std::string& s);
// Right edge at the row's right edge, vertically centred.
void text_right(ImDrawList* dl, ImFont* font, const Rect& row, ImU32 color, const std::string& s);
// A filled rectangle; nothing when it is empty.
void fill(ImDrawList* dl, const Rect& r, ImU32 color, float round = 0);
// A box with a border (like ImGui's AddRect) over its fill. The border covers the fill's edge, so
// the fill is sent without its anti-aliased fringe: a third of its triangles, the same pixels.
void bordered(ImDrawList* dl, const Rect& r, ImU32 fill_color, ImU32 border, float round,
              float thickness = 1);
// A track filled from its left end up to `filled.x1` (square corners, the track's height): each
// pixel painted once, the filled part and the rest side by side instead of one over the other.
void meter(ImDrawList* dl, const Rect& track, const Rect& filled, ImU32 track_color,
           ImU32 fill_color);
// Diagonal lines over `r`: what is over a limit, readable without colour.
void hatch(ImDrawList* dl, const Rect& r, ImU32 color);
// A value too long for the screen: a zig-zag cut across the bar near its far end, so the bar
// visibly does not end where it stops. `up` for vertical bars.
void break_mark(ImDrawList* dl, const Rect& bar, bool up, ImU32 background);

}  // namespace lessonsim::ui::draw
