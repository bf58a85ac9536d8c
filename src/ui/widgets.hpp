// Small drawing helpers shared by the views: wrapped text, cards, big choice buttons.
#pragma once

#include <string>

#include <imgui.h>

#include "rect.hpp"

namespace lessonsim::ui {

// Text wrapped at the window's edge, never read as a format string (lessons may contain '%').
// `text` with '\n' in place of the spaces where lines of at most `width` pixels end; lines break
// at spaces only (a word wider than `width` keeps its own line).
std::string break_at_spaces(const std::string& text, const ImFont& font, float size, float width);

// Begins a child window `ems` text heights wide (or the width left, if less), centred in the
// width left: the reading column of text screens. Pair with ImGui::EndChild(); returns its width.
float begin_reading_column(const char* id, float ems);

void wrapped_text(const std::string& text, ImFont* font = nullptr, ImU32 color = 0);

// The width left on the current line: up to the enclosing card's inner edge, else the window's.
float available_width();

// A rounded panel sized to its content: construct, draw the content, let it go out of scope.
class Card {
 public:
  // `width` 0: the rest of the row.
  Card(ImU32 background, ImU32 stripe = 0, float width = 0);
  ~Card();
  Card(const Card&) = delete;
  Card& operator=(const Card&) = delete;

 private:
  ImDrawListSplitter splitter_;  // its own, so cards may nest
  ImVec2 start_;
  float width_;
  float pad_;
  float pad_y_;
  ImU32 background_, stripe_;
};

enum class ChoiceLook { normal, chosen_right, chosen_wrong, locked };

// An answer button with its number and wrapped text, `width` wide (0: the full row); true when
// clicked.
bool choice_button(int index, const std::string& text, ChoiceLook look, float width = 0);

// How wide a choice's text is on one line, to decide whether answers fit two to a row.
float choice_min_width(const std::string& text);

// The button that moves the lesson on: filled with the accent colour.
bool primary_button(const char* label, bool enabled, ImVec2 size = ImVec2(0, 0));

// A button placed after the previous one, or on a new line when the row is full.
bool flow_button(const char* label, bool first);

// The last item's rectangle, for the screens' click targets.
Rect last_item_rect();

// Keys belong to a text field or an open popup, not to the screen's own shortcuts.
bool keys_taken();

// Frames a scroll-into-view request is repeated: a new item's height settles over the next few
// frames (wrapped text is measured after it is first laid out).
constexpr int scroll_hold_frames = 3;

}  // namespace lessonsim::ui
