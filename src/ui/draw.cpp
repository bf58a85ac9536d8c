#include "draw.hpp"

#include <algorithm>
#include <cfloat>

#include "picture.hpp"
#include "theme.hpp"

namespace lessonsim::ui::draw {

float px() {
  return fonts().body->FontSize / 20.0f;
}

ImU32 with_alpha(ImU32 c, float a) {
  auto alpha = static_cast<unsigned>(std::clamp(a, 0.0f, 1.0f) * 255.0f);
  return (c & ~IM_COL32_A_MASK) | (alpha << IM_COL32_A_SHIFT);
}

void fade_since(ImDrawList* dl, int first_vertex, float alpha) {
  const float a = std::clamp(alpha, 0.0f, 1.0f);
  for (int k = first_vertex; k < dl->VtxBuffer.Size; ++k) {
    ImU32& c = dl->VtxBuffer[k].col;
    auto old = static_cast<float>((c & IM_COL32_A_MASK) >> IM_COL32_A_SHIFT);
    c = (c & ~IM_COL32_A_MASK) | (static_cast<unsigned>(old * a) << IM_COL32_A_SHIFT);
  }
}

float text_width(ImFont* font, const std::string& s) {
  return font->CalcTextSizeA(font->FontSize, FLT_MAX, 0, s.c_str()).x;
}

std::string fit_text(ImFont* font, const std::string& s, float width) {
  if (text_width(font, s) <= width) return s;
  std::string cut = s;
  while (!cut.empty() && text_width(font, cut + "…") > width) {
    // A whole character at a time: its continuation bytes, then its first byte.
    unsigned char c = 0;
    do {
      c = static_cast<unsigned char>(cut.back());
      cut.pop_back();
    } while (!cut.empty() && (c & 0xC0) == 0x80);
  }
  return cut + "…";
}

namespace {

// Every string the canvases draw goes through here, so the picture records it as drawn.
void put_text(ImDrawList* dl, ImFont* font, ImVec2 at, ImU32 color, const std::string& s) {
  dl->AddText(font, font->FontSize, at, color, s.c_str());
  std::vector<TextBox>* texts = recorded_texts();
  if (!texts || s.empty()) return;
  const ImVec2 size = font->CalcTextSizeA(font->FontSize, FLT_MAX, 0, s.c_str());
  TextBox box{{at.x, at.y, at.x + size.x, at.y + size.y}, s, false};
  const ImVec2 c0 = dl->GetClipRectMin(), c1 = dl->GetClipRectMax();
  constexpr float slack = 0.5f;
  box.clipped = box.rect.x0 < c0.x - slack || box.rect.y0 < c0.y - slack ||
                box.rect.x1 > c1.x + slack || box.rect.y1 > c1.y + slack;
  texts->push_back(std::move(box));
}

}  // namespace

void text_centered(ImDrawList* dl, ImFont* font, const Rect& r, ImU32 color, const std::string& s) {
  ImVec2 size = font->CalcTextSizeA(font->FontSize, FLT_MAX, 0, s.c_str());
  put_text(dl, font, v(r.center_x() - size.x * 0.5f, r.center_y() - size.y * 0.5f), color, s);
}

void text_at(ImDrawList* dl, ImFont* font, float x, float y, ImU32 color, const std::string& s) {
  put_text(dl, font, v(x, y), color, s);
}

void text_in_row(ImDrawList* dl, ImFont* font, float x, const Rect& row, ImU32 color,
                 const std::string& s) {
  put_text(dl, font, v(x, row.center_y() - font->FontSize * 0.5f), color, s);
}

void text_right(ImDrawList* dl, ImFont* font, const Rect& row, ImU32 color, const std::string& s) {
  text_in_row(dl, font, row.x1 - text_width(font, s), row, color, s);
}

void fill(ImDrawList* dl, const Rect& r, ImU32 color, float round) {
  if (r.width() <= 0 || r.height() <= 0) return;
  dl->AddRectFilled(v(r.x0, r.y0), v(r.x1, r.y1), color, round);
}

void bordered(ImDrawList* dl, const Rect& r, ImU32 fill_color, ImU32 border, float round,
              float thickness) {
  if (r.width() <= 0 || r.height() <= 0) return;
  if (round <= 2 * thickness) {
    // A corner this small lies under the border's width: the fill inside the border's inner edge
    // can be a plain rectangle, two triangles instead of a dozen.
    fill(dl, {r.x0 + thickness, r.y0 + thickness, r.x1 - thickness, r.y1 - thickness}, fill_color);
  } else {
    const ImDrawListFlags flags = dl->Flags;
    dl->Flags &= ~ImDrawListFlags_AntiAliasedFill;
    fill(dl, r, fill_color, round);
    dl->Flags = flags;
  }
  dl->AddRect(v(r.x0, r.y0), v(r.x1, r.y1), border, round, 0, thickness);
}

void meter(ImDrawList* dl, const Rect& track, const Rect& filled, ImU32 track_color,
           ImU32 fill_color) {
  const float split = std::clamp(filled.x1, track.x0, track.x1);
  fill(dl, {track.x0, track.y0, split, track.y1}, fill_color);
  fill(dl, {split, track.y0, track.x1, track.y1}, track_color);
}

void hatch(ImDrawList* dl, const Rect& r, ImU32 color) {
  if (r.width() <= 0 || r.height() <= 0) return;
  dl->PushClipRect(v(r.x0, r.y0), v(r.x1, r.y1), true);
  float step = 7.0f * px();
  for (float x = r.x0 - r.height(); x < r.x1; x += step)
    dl->AddLine(v(x, r.y1), v(x + r.height(), r.y0), color, 2.0f * px());
  dl->PopClipRect();
}

void break_mark(ImDrawList* dl, const Rect& bar, bool up, ImU32 background) {
  // The axis-break sign: a gap in the bar between two slanted strokes, near its far end.
  const float gap = 6 * px(), slant = 5 * px();
  ImVec2 a0, a1, b0, b1;  // the two strokes, each from one long edge of the bar to the other
  if (up) {
    float y = bar.y0 + std::min(bar.height() * 0.25f, 18 * px());
    a0 = v(bar.x0 - 2 * px(), y + slant);
    a1 = v(bar.x1 + 2 * px(), y - slant);
    b0 = v(a0.x, a0.y + gap);
    b1 = v(a1.x, a1.y + gap);
  } else {
    float x = bar.x1 - std::min(bar.width() * 0.25f, 18 * px());
    a0 = v(x - slant, bar.y1 + 2 * px());
    a1 = v(x + slant, bar.y0 - 2 * px());
    b0 = v(a0.x + gap, a0.y);
    b1 = v(a1.x + gap, a1.y);
  }
  dl->AddQuadFilled(a0, a1, b1, b0, background);
  dl->AddLine(a0, a1, palette::text, 1.5f * px());
  dl->AddLine(b0, b1, palette::text, 1.5f * px());
}

}  // namespace lessonsim::ui::draw
