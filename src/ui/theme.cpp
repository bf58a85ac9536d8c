#include "theme.hpp"

namespace lessonsim::ui {

namespace {

Fonts current;

constexpr float body_px = 20.0f;
constexpr float title_px = 24.0f;
constexpr float small_px = 16.0f;

ImFont* add_font(ImFontAtlas& atlas, const std::vector<unsigned char>& ttf, float px) {
  ImFontConfig config;
  // The app keeps the bytes alive, so the atlas must not free them.
  config.FontDataOwnedByAtlas = false;
  config.OversampleH = 1;  // glyphs snap to whole pixels, so oversampling buys nothing
  config.OversampleV = 1;
  config.PixelSnapH = true;
  void* data = const_cast<unsigned char*>(ttf.data());
  return atlas.AddFontFromMemoryTTF(data, static_cast<int>(ttf.size()), px, &config,
                                    glyph_ranges());
}

ImFont* add_default(ImFontAtlas& atlas, float px) {
  ImFontConfig config;
  config.SizePixels = px;
  return atlas.AddFontDefault(&config);
}

ImVec4 color(ImU32 c) {
  return ImGui::ColorConvertU32ToFloat4(c);
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
      0x25CF, 0x25CF,  // ●
      0x2713, 0x2717,  // ✓ ✗
      0,
  };
  return ranges;
}

const Fonts& build_fonts(ImFontAtlas& atlas, const FontData& data, float scale) {
  atlas.Clear();
  Fonts f;
  if (!data.regular.empty()) {
    f.body = add_font(atlas, data.regular, body_px * scale);
    const auto& bold = data.bold.empty() ? data.regular : data.bold;
    f.bold = add_font(atlas, bold, body_px * scale);
    f.title = add_font(atlas, bold, title_px * scale);
    f.small = add_font(atlas, data.regular, small_px * scale);
  }
  if (!f.body || !f.bold || !f.title || !f.small) {
    atlas.Clear();
    f = {};
    f.fallback = true;
    // The built-in bitmap font is 13 px; scaling it keeps the layout's proportions.
    f.body = add_default(atlas, body_px * scale);
    f.bold = f.body;
    f.title = add_default(atlas, title_px * scale);
    f.small = add_default(atlas, small_px * scale);
  }
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  atlas.GetTexDataAsRGBA32(&pixels, &w, &h);
  current = f;
  return current;
}

const Fonts& fonts() {
  return current;
}

void apply_theme(float scale) {
  ImGuiStyle style;
  ImGui::StyleColorsLight(&style);
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
  style.FrameBorderSize = 0;

  ImVec4* c = style.Colors;
  c[ImGuiCol_Text] = color(palette::text);
  c[ImGuiCol_TextDisabled] = color(palette::muted);
  c[ImGuiCol_WindowBg] = color(palette::background);
  c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_PopupBg] = color(palette::panel);
  c[ImGuiCol_MenuBarBg] = color(palette::panel);
  c[ImGuiCol_Border] = color(palette::panel_border);
  c[ImGuiCol_Button] = color(IM_COL32(228, 233, 240, 255));
  c[ImGuiCol_ButtonHovered] = color(IM_COL32(210, 222, 238, 255));
  c[ImGuiCol_ButtonActive] = color(IM_COL32(190, 208, 232, 255));
  c[ImGuiCol_Header] = color(palette::accent_soft);
  c[ImGuiCol_HeaderHovered] = color(IM_COL32(210, 225, 243, 255));
  c[ImGuiCol_HeaderActive] = color(IM_COL32(190, 212, 238, 255));
  c[ImGuiCol_NavHighlight] = color(palette::accent);
  c[ImGuiCol_ScrollbarBg] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_Separator] = color(palette::panel_border);
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

}  // namespace lessonsim::ui
