// The look of lessonsim: a calm light palette, generous spacing and DejaVu Sans at reading size.
#pragma once

#include <vector>

#include <imgui.h>

namespace lessonsim::ui {

namespace palette {
inline constexpr ImU32 background = IM_COL32(246, 244, 239, 255);
inline constexpr ImU32 panel = IM_COL32(255, 255, 255, 255);
inline constexpr ImU32 panel_border = IM_COL32(222, 218, 208, 255);
inline constexpr ImU32 text = IM_COL32(31, 41, 51, 255);
inline constexpr ImU32 muted = IM_COL32(92, 102, 112, 255);
inline constexpr ImU32 accent = IM_COL32(37, 99, 160, 255);
inline constexpr ImU32 accent_soft = IM_COL32(225, 236, 248, 255);
inline constexpr ImU32 success = IM_COL32(30, 122, 78, 255);
inline constexpr ImU32 success_soft = IM_COL32(224, 243, 233, 255);
inline constexpr ImU32 warning = IM_COL32(190, 62, 40, 255);
inline constexpr ImU32 warning_soft = IM_COL32(252, 232, 226, 255);
inline constexpr ImU32 caution = IM_COL32(168, 104, 16, 255);
inline constexpr ImU32 caution_soft = IM_COL32(253, 242, 220, 255);
inline constexpr ImU32 slice_a = IM_COL32(109, 92, 214, 255);
inline constexpr ImU32 slice_b = IM_COL32(140, 124, 232, 255);
inline constexpr ImU32 seam = IM_COL32(255, 255, 255, 255);
inline constexpr ImU32 card = IM_COL32(236, 240, 245, 255);
inline constexpr ImU32 gauge = IM_COL32(214, 221, 230, 255);
inline constexpr ImU32 link_off = IM_COL32(196, 204, 214, 255);
inline constexpr ImU32 link_on = IM_COL32(30, 150, 100, 255);
}  // namespace palette

// Which face and size a piece of text uses; all of them cover Spanish and — “ ” … · × ≤ ≥ ▲ ✓ ✗.
struct Fonts {
  ImFont* body = nullptr;   // ~20 px reading text
  ImFont* bold = nullptr;   // body size, bold: labels and buttons that matter
  ImFont* title = nullptr;  // headings
  ImFont* small = nullptr;  // captions on the canvas
  bool fallback = false;    // DejaVu was missing: ImGui's built-in font stands in
};

// TrueType bytes read by the app (the UI reads no files); empty when the font is missing.
struct FontData {
  std::vector<unsigned char> regular;
  std::vector<unsigned char> bold;
};

// Rebuilds the atlas for a display scale; returns the fonts, also kept for `fonts()`.
const Fonts& build_fonts(ImFontAtlas& atlas, const FontData& data, float scale);
const Fonts& fonts();

// The style for a display scale (fresh each time so scaling never compounds).
void apply_theme(float scale);

// The glyph ranges every font is built with.
const ImWchar* glyph_ranges();

}  // namespace lessonsim::ui
