#include "theme.hpp"

#include <algorithm>

namespace lessonsim::ui {

namespace {

Fonts current;
Fonts canvas;  // the canvases' fonts; the same as `current` unless their size is capped

constexpr float body_px = 20.0f;
constexpr float title_px = 24.0f;
constexpr float small_px = 16.0f;

ImFont* add_font(ImFontAtlas& atlas, const std::vector<unsigned char>& ttf, float px,
                 const ImWchar* ranges = glyph_ranges(), bool merge = false, int index = 0) {
  ImFontConfig config;
  // The app keeps the bytes alive, so the atlas must not free them.
  config.FontDataOwnedByAtlas = false;
  config.OversampleH = 1;  // glyphs snap to whole pixels, so oversampling buys nothing
  config.OversampleV = 1;
  config.PixelSnapH = true;
  void* data = const_cast<unsigned char*>(ttf.data());
  config.MergeMode = merge;
  config.FontNo = index;
  return atlas.AddFontFromMemoryTTF(data, static_cast<int>(ttf.size()), px, &config, ranges);
}

// A face: DejaVu for the common ranges, then merged into it DejaVu again for the texts' extra
// characters and each fallback font for the ones DejaVu lacks.
ImFont* add_face(ImFontAtlas& atlas, const FontData& data, const std::vector<unsigned char>& ttf,
                 float px) {
  ImFont* font = add_font(atlas, ttf, px);
  if (!font) return nullptr;
  if (data.extra.size() > 1) add_font(atlas, ttf, px, data.extra.data(), true);
  for (const FallbackFace& f : data.fallbacks) {
    if (f.ranges.size() > 1) add_font(atlas, f.bytes, px, f.ranges.data(), true, f.index);
  }
  return font;
}

ImFont* add_default(ImFontAtlas& atlas, float px) {
  ImFontConfig config;
  config.SizePixels = px;
  return atlas.AddFontDefault(&config);
}

ImVec4 color(ImU32 c) {
  return ImGui::ColorConvertU32ToFloat4(c);
}

constexpr ImU32 rgb(int r, int g, int b) {
  return IM_COL32(r, g, b, 255);
}

void light() {
  using namespace palette;
  background = rgb(255, 255, 255), panel = rgb(255, 255, 255), panel_border = rgb(222, 218, 208);
  text = rgb(31, 41, 51), muted = rgb(92, 102, 112);
  accent = rgb(37, 99, 160), accent_soft = rgb(225, 236, 248);
  accent_hover = rgb(30, 84, 140), accent_active = rgb(22, 68, 118);
  success = rgb(30, 122, 78), success_soft = rgb(224, 243, 233);
  warning = rgb(190, 62, 40), warning_soft = rgb(252, 232, 226);
  caution = rgb(168, 104, 16), caution_soft = rgb(253, 242, 220);
  slice_a = rgb(109, 92, 214), slice_b = rgb(140, 124, 232), seam = rgb(255, 255, 255);
  card = rgb(236, 240, 245), gauge = rgb(214, 221, 230);
  link_off = rgb(196, 204, 214), link_on = rgb(30, 150, 100);
  exchange = rgb(214, 140, 40), hatch = rgb(255, 255, 255);
}

void dark() {
  using namespace palette;
  background = rgb(40, 44, 51), panel = rgb(40, 44, 51), panel_border = rgb(72, 78, 88);
  text = rgb(232, 234, 237), muted = rgb(168, 175, 184);
  accent = rgb(110, 168, 235), accent_soft = rgb(38, 58, 84);
  accent_hover = rgb(140, 188, 243), accent_active = rgb(170, 205, 248);
  success = rgb(96, 200, 140), success_soft = rgb(30, 62, 46);
  warning = rgb(245, 120, 100), warning_soft = rgb(78, 40, 36);
  caution = rgb(235, 178, 80), caution_soft = rgb(72, 56, 30);
  slice_a = rgb(150, 136, 245), slice_b = rgb(178, 166, 250), seam = rgb(40, 44, 51);
  card = rgb(52, 57, 65), gauge = rgb(70, 77, 87);
  link_off = rgb(84, 91, 101), link_on = rgb(90, 205, 145);
  exchange = rgb(235, 160, 70), hatch = rgb(20, 22, 26);
}

// White on black with strong edges: every colour pair here has a contrast ratio of 7 or more
// against its background.
void high_contrast() {
  using namespace palette;
  background = rgb(0, 0, 0), panel = rgb(0, 0, 0), panel_border = rgb(255, 255, 255);
  text = rgb(255, 255, 255), muted = rgb(230, 230, 230);
  accent = rgb(255, 221, 0), accent_soft = rgb(40, 36, 0);
  accent_hover = rgb(255, 236, 120), accent_active = rgb(255, 246, 180);
  success = rgb(80, 255, 150), success_soft = rgb(0, 40, 20);
  warning = rgb(255, 130, 110), warning_soft = rgb(50, 10, 5);
  caution = rgb(255, 190, 60), caution_soft = rgb(45, 30, 0);
  slice_a = rgb(120, 200, 255), slice_b = rgb(180, 225, 255), seam = rgb(0, 0, 0);
  card = rgb(24, 24, 24), gauge = rgb(90, 90, 90);
  link_off = rgb(110, 110, 110), link_on = rgb(80, 255, 150);
  exchange = rgb(255, 160, 60), hatch = rgb(0, 0, 0);
}

// Okabe & Ito (2008), "Color Universal Design": blue, bluish green, vermillion, orange, sky blue.
void okabe_ito(bool dark_background) {
  using namespace palette;
  success = dark_background ? rgb(0, 178, 138) : rgb(0, 140, 110);
  warning = dark_background ? rgb(230, 110, 40) : rgb(213, 94, 0);
  caution = dark_background ? rgb(240, 175, 40) : rgb(180, 120, 0);
  slice_a = dark_background ? rgb(86, 180, 233) : rgb(0, 114, 178);
  slice_b = dark_background ? rgb(140, 205, 240) : rgb(60, 150, 205);
  link_on = success;
  exchange = dark_background ? rgb(230, 159, 0) : rgb(200, 130, 0);
}

}  // namespace

const ImWchar* glyph_ranges() {
  static const ImWchar ranges[] = {
      0x0020, 0x00FF,  // Basic Latin + Latin-1: á é í ó ú ñ ü ¿ ¡ · ×
      0x2013, 0x2014,  // – —
      0x2018, 0x201D,  // ‘ ’ “ ”
      0x2022, 0x2022,  // •
      0x2026, 0x2026,  // …
      0x2070, 0x2071,  // ⁰ ⁱ
      0x2074, 0x208E,  // ⁴–⁹ ⁺ ⁻ and subscripts: 10⁹, 10¹² (¹ ² ³ are Latin-1)
      0x20AC, 0x20AC,  // €
      0x2190, 0x2193,  // ← ↑ → ↓
      0x2212, 0x2212,  // −
      0x221E, 0x221E,  // ∞
      0x2248, 0x2248,  // ≈
      0x2260, 0x2260,  // ≠
      0x2264, 0x2265,  // ≤ ≥
      0x25B2, 0x25BC,  // ▲ ▼
      0x25CB, 0x25CB,  // ○
      0x25CF, 0x25CF,  // ●
      0x2713, 0x2717,  // ✓ ✗
      0,
  };
  return ranges;
}

bool in_glyph_ranges(char32_t c) {
  for (const ImWchar* r = glyph_ranges(); r[0]; r += 2) {
    if (c >= r[0] && c <= r[1]) return true;
  }
  return false;
}

std::vector<ImWchar> ranges_of(std::vector<char32_t> code_points) {
  std::sort(code_points.begin(), code_points.end());
  code_points.erase(std::unique(code_points.begin(), code_points.end()), code_points.end());
  std::vector<ImWchar> out;
  for (char32_t c : code_points) {
    if (c == 0 || c > 0xFFFF) continue;
    auto w = static_cast<ImWchar>(c);
    if (!out.empty() && out.back() + 1 == w) {
      out.back() = w;
    } else {
      out.push_back(w);
      out.push_back(w);
    }
  }
  out.push_back(0);
  return out;
}

const Fonts& build_fonts(ImFontAtlas& atlas, const FontData& data, float scale,
                         float canvas_scale) {
  atlas.Clear();
  Fonts f;
  Fonts c;
  if (!data.regular.empty()) {
    const auto& bold = data.bold.empty() ? data.regular : data.bold;
    auto add_set = [&](Fonts& set, float s) {
      set.body = add_face(atlas, data, data.regular, body_px * s);
      set.bold = add_face(atlas, data, bold, body_px * s);
      set.title = add_face(atlas, data, bold, title_px * s);
      set.small = add_face(atlas, data, data.regular, small_px * s);
    };
    add_set(f, scale);
    if (canvas_scale > 0 && canvas_scale != scale) {
      add_set(c, canvas_scale);
    } else {
      c = f;
    }
  }
  if (!f.body || !f.bold || !f.title || !f.small || !c.body || !c.bold || !c.title || !c.small) {
    atlas.Clear();
    f = {};
    f.fallback = true;
    // The built-in bitmap font is 13 px; scaling it keeps the layout's proportions.
    f.body = add_default(atlas, body_px * scale);
    f.bold = f.body;
    f.title = add_default(atlas, title_px * scale);
    f.small = add_default(atlas, small_px * scale);
    c = f;
  }
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  atlas.GetTexDataAsRGBA32(&pixels, &w, &h);
  current = f;
  canvas = c;
  return current;
}

const Fonts& fonts() {
  return current;
}

CanvasFontScope::CanvasFontScope() : saved_(current) {
  current = canvas;
  ImGui::PushFont(canvas.body);
}

CanvasFontScope::~CanvasFontScope() {
  ImGui::PopFont();
  current = saved_;
}

Theme theme_from_name(std::string_view name) {
  if (name == "dark") return Theme::dark;
  if (name == "high_contrast") return Theme::high_contrast;
  return Theme::light;
}

const char* theme_name(Theme theme) {
  switch (theme) {
    case Theme::dark:
      return "dark";
    case Theme::high_contrast:
      return "high_contrast";
    case Theme::light:
      break;
  }
  return "light";
}

namespace {
// Set before any frame, so views drawn without a window (tests) see the light palette.
const bool palette_ready = [] {
  light();
  return true;
}();
}  // namespace

void set_palette(Theme theme, bool colour_safe) {
  (void)palette_ready;
  switch (theme) {
    case Theme::light:
      light();
      break;
    case Theme::dark:
      dark();
      break;
    case Theme::high_contrast:
      high_contrast();
      break;
  }
  if (colour_safe) okabe_ito(theme != Theme::light);
}

void apply_theme(float scale) {
  ImGuiStyle style;
  ImGui::StyleColorsLight(&style);
  bool high_contrast = palette::panel_border == IM_COL32(255, 255, 255, 255);
  style.WindowPadding = ImVec2(28, 16);
  style.FramePadding = ImVec2(16, 10);
  style.ItemSpacing = ImVec2(14, 10);
  style.ItemInnerSpacing = ImVec2(10, 8);
  style.ScrollbarSize = 14;
  style.WindowRounding = 0;
  style.ChildRounding = 10;
  style.FrameRounding = 8;
  style.PopupRounding = 8;
  style.GrabRounding = 6;
  style.ScrollbarRounding = 8;
  style.WindowBorderSize = 0;
  style.ChildBorderSize = 0;
  style.PopupBorderSize = 1;
  style.FrameBorderSize = high_contrast ? 1.0f : 0.0f;

  ImVec4* c = style.Colors;
  c[ImGuiCol_Text] = color(palette::text);
  c[ImGuiCol_TextDisabled] = color(palette::muted);
  c[ImGuiCol_WindowBg] = color(palette::background);
  c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_PopupBg] = color(palette::panel);
  // The menu bar and the machine's card are not filled when their colour is the page's: the
  // clear paints it, and under llvmpipe every filled pixel costs (the card was two thirds of
  // lesson 1's first frame).
  c[ImGuiCol_MenuBarBg] =
      palette::panel == palette::background ? ImVec4(0, 0, 0, 0) : color(palette::panel);
  c[ImGuiCol_Border] = color(palette::panel_border);
  c[ImGuiCol_Button] = color(palette::card);
  c[ImGuiCol_ButtonHovered] = color(palette::accent_soft);
  c[ImGuiCol_ButtonActive] = color(palette::gauge);
  c[ImGuiCol_Header] = color(palette::accent_soft);
  c[ImGuiCol_HeaderHovered] = color(palette::accent_soft);
  c[ImGuiCol_HeaderActive] = color(palette::gauge);
  c[ImGuiCol_FrameBgHovered] = color(palette::accent_soft);
  c[ImGuiCol_FrameBgActive] = color(palette::accent_soft);
  c[ImGuiCol_SliderGrab] = color(palette::accent);
  c[ImGuiCol_SliderGrabActive] = color(palette::accent_active);
  c[ImGuiCol_CheckMark] = color(palette::accent);
  c[ImGuiCol_ScrollbarGrab] = color(palette::gauge);
  c[ImGuiCol_ScrollbarGrabHovered] = color(palette::link_off);
  c[ImGuiCol_ScrollbarGrabActive] = color(palette::muted);
  c[ImGuiCol_TitleBg] = color(palette::panel);
  c[ImGuiCol_TitleBgActive] = color(palette::card);
  c[ImGuiCol_FrameBg] = color(palette::card);
  c[ImGuiCol_TextSelectedBg] = color(palette::accent_soft);
  c[ImGuiCol_ModalWindowDimBg] = color(translucent(palette::background, 160));
  c[ImGuiCol_NavHighlight] = color(palette::accent);
  c[ImGuiCol_ScrollbarBg] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_Separator] = color(palette::panel_border);
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

}  // namespace lessonsim::ui
