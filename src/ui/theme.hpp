// The look of lessonsim: light, dark and high-contrast palettes, generous spacing, DejaVu Sans.
#pragma once

#include <string_view>
#include <vector>

#include <imgui.h>

namespace lessonsim::ui {

// The colours every view draws with. They are variables set by set_palette, so a theme change
// reaches every canvas without the canvases knowing about themes.
namespace palette {
inline ImU32 background, panel, panel_border, text, muted;
inline ImU32 accent, accent_soft, accent_hover, accent_active;
inline ImU32 success, success_soft, warning, warning_soft, caution, caution_soft;
inline ImU32 slice_a, slice_b, seam, card, gauge, link_off, link_on;
inline ImU32 exchange;  // the second data colour beside accent (exchange time, optimizer...)
inline ImU32 hatch;     // the stripes drawn over what overflows; give it an alpha
}  // namespace palette

enum class Theme { light, dark, high_contrast };
// "light", "dark", "high_contrast"; light for anything else.
Theme theme_from_name(std::string_view name);
const char* theme_name(Theme theme);

// Sets every palette colour for `theme`. `colour_safe` swaps in the Okabe-Ito hues for slices
// and for ok / warn / caution, told apart by people with any common colour-vision deficiency.
void set_palette(Theme theme, bool colour_safe);

// `c` with its alpha replaced by `alpha` (0..255).
inline ImU32 translucent(ImU32 c, unsigned alpha) {
  return (c & ~IM_COL32_A_MASK) | (alpha << IM_COL32_A_SHIFT);
}

// Which face and size a piece of text uses; all of them cover Spanish and — “ ” … · × ≤ ≥ ▲ ✓ ✗.
struct Fonts {
  ImFont* body = nullptr;   // ~20 px reading text
  ImFont* bold = nullptr;   // body size, bold: labels and buttons that matter
  ImFont* title = nullptr;  // headings
  ImFont* small = nullptr;  // captions on the canvas
  bool fallback = false;    // DejaVu was missing: ImGui's built-in font stands in
};

// Another installed font merged into each face for the characters DejaVu Sans lacks.
struct FallbackFace {
  std::vector<unsigned char> bytes;
  int index = 0;                // the face in a collection (.ttc)
  std::vector<ImWchar> ranges;  // zero-terminated pairs, as ImGui takes them
};

// TrueType bytes read by the app (the UI reads no files); empty when the font is missing.
// `extra` are more zero-terminated ranges for DejaVu beyond glyph_ranges(): the characters the
// texts on show use, so the atlas holds only those.
struct FontData {
  std::vector<unsigned char> regular;
  std::vector<unsigned char> bold;
  std::vector<ImWchar> extra = {};
  std::vector<FallbackFace> fallbacks = {};
};

// Rebuilds the atlas for a scale (display × text size); returns the fonts, also kept for
// `fonts()`. `canvas_scale` (0: the same) sizes the fonts the machine canvases draw with.
const Fonts& build_fonts(ImFontAtlas& atlas, const FontData& data, float scale,
                         float canvas_scale = 0);
const Fonts& fonts();

// While alive, fonts() gives the canvas fonts and the canvas body font is pushed. Canvases place
// labels in fixed drawings, so at large text sizes their words grow less than the reading text
// (see canvas_text_cap) and the pictures keep their room.
class CanvasFontScope {
 public:
  CanvasFontScope();
  ~CanvasFontScope();
  CanvasFontScope(const CanvasFontScope&) = delete;
  CanvasFontScope& operator=(const CanvasFontScope&) = delete;

 private:
  Fonts saved_;
};

// The largest text size (1 = 100%) machine canvases draw their words at.
inline constexpr float canvas_text_cap = 1.25f;

// The style for a display scale in the current palette (fresh each time so scaling never
// compounds).
void apply_theme(float scale);

// The glyph ranges every font is built with.
const ImWchar* glyph_ranges();

// Whether glyph_ranges() holds `c`.
bool in_glyph_ranges(char32_t c);

// Zero-terminated ImGui ranges for these characters (sorted, each run of neighbours one range);
// characters past ImWchar's 16 bits are left out, as ImGui cannot hold them.
std::vector<ImWchar> ranges_of(std::vector<char32_t> code_points);

}  // namespace lessonsim::ui
