#include "widgets.hpp"

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <vector>

#include "theme.hpp"

namespace lessonsim::ui {

namespace {

// The inner right edge (window-local x) of each open card, innermost last.
std::vector<float> card_edges;

}  // namespace

float available_width() {
  if (card_edges.empty()) return ImGui::GetContentRegionAvail().x;
  return std::max(card_edges.back() - ImGui::GetCursorPosX(), 1.0f);
}

std::string break_at_spaces(const std::string& text, const ImFont& font, float size, float width) {
  std::string out = text;
  const float space = font.CalcTextSizeA(size, FLT_MAX, 0, " ").x;
  float line = 0;  // width of the current line so far
  std::size_t at = 0;
  while (at < out.size()) {
    if (out[at] == '\n') {
      line = 0;
      ++at;
      continue;
    }
    std::size_t end = out.find_first_of(" \n", at);
    if (end == std::string::npos) end = out.size();
    const float word = font.CalcTextSizeA(size, FLT_MAX, 0, out.data() + at, out.data() + end).x;
    if (line > 0 && line + space + word > width) {
      out[at - 1] = '\n';  // the space before this word
      line = word;
    } else {
      line += (line > 0 ? space : 0) + word;
    }
    at = end < out.size() && out[end] == ' ' ? end + 1 : end;
  }
  return out;
}

float begin_reading_column(const char* id, float ems) {
  const float width = ImGui::GetContentRegionAvail().x;
  const float column = std::min(width, ImGui::GetFontSize() * ems);
  ImGui::SetCursorPosX(ImGui::GetCursorPosX() + (width - column) * 0.5f);
  ImGui::BeginChild(id, ImVec2(column, 0), false);
  return column;
}

void wrapped_text(const std::string& text, ImFont* font, ImU32 color) {
  if (font) ImGui::PushFont(font);
  if (color) ImGui::PushStyleColor(ImGuiCol_Text, color);
  // Lines break at spaces only: ImGui's own wrapping also breaks after '.' and ',', which would
  // split a number like 14.6 or 2.000.000 across two lines.
  const float right = card_edges.empty() ? ImGui::GetWindowContentRegionMax().x : card_edges.back();
  const std::string lines = break_at_spaces(text, *ImGui::GetFont(), ImGui::GetFontSize(),
                                            std::max(right - ImGui::GetCursorPosX(), 1.0f));
  ImGui::PushTextWrapPos(card_edges.empty() ? 0.0f : card_edges.back());
  ImGui::TextUnformatted(lines.data(), lines.data() + lines.size());
  ImGui::PopTextWrapPos();
  if (color) ImGui::PopStyleColor();
  if (font) ImGui::PopFont();
}

Card::Card(ImU32 background, ImU32 stripe, float width)
    : start_(ImGui::GetCursorScreenPos()),
      width_(std::max(width > 0 ? width : available_width(), 40.0f)),
      pad_(ImGui::GetStyle().FramePadding.x),
      pad_y_(ImGui::GetStyle().FramePadding.x * 0.75f),
      background_(background),
      stripe_(stripe) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  splitter_.Split(dl, 2);
  splitter_.SetCurrentChannel(dl, 1);
  ImGui::SetCursorScreenPos(
      ImVec2(start_.x + pad_ + (stripe ? pad_ * 0.3f : 0), start_.y + pad_y_));
  ImGui::BeginGroup();
  card_edges.push_back(ImGui::GetCursorPosX() + width_ - 2 * pad_ - (stripe ? pad_ * 0.3f : 0));
}

Card::~Card() {
  card_edges.pop_back();
  ImGui::EndGroup();
  float bottom = ImGui::GetItemRectMax().y + pad_y_;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  splitter_.SetCurrentChannel(dl, 0);
  float rounding = ImGui::GetStyle().ChildRounding;
  ImVec2 end(start_.x + width_, bottom);
  dl->AddRectFilled(start_, end, background_, rounding);
  if (stripe_) {
    dl->AddRectFilled(start_, ImVec2(start_.x + pad_ * 0.35f, bottom), stripe_, rounding,
                      ImDrawFlags_RoundCornersLeft);
  }
  splitter_.Merge(dl);
  ImGui::SetCursorScreenPos(start_);
  ImGui::Dummy(ImVec2(width_, bottom - start_.y));
}

float choice_min_width(const std::string& text) {
  const ImGuiStyle& style = ImGui::GetStyle();
  float size = ImGui::GetFontSize();
  return ImGui::CalcTextSize(text.c_str(), text.c_str() + text.size()).x + size * 1.6f +
         style.FramePadding.x * 3;
}

bool choice_button(int index, const std::string& text, ChoiceLook look, float width) {
  const ImGuiStyle& style = ImGui::GetStyle();
  ImFont* font = ImGui::GetFont();
  if (width <= 0) width = available_width();
  width = std::max(width, 80.0f);
  float badge = font->FontSize * 1.6f;
  float pad = style.FramePadding.x;
  float text_x = pad + badge + pad;
  float wrap = std::max(width - text_x - pad, 20.0f);
  ImVec2 text_size =
      font->CalcTextSizeA(font->FontSize, FLT_MAX, wrap, text.c_str(), text.c_str() + text.size());
  float height = std::max(text_size.y, badge) + 1.2f * style.FramePadding.y;

  ImU32 fill = palette::panel, edge = palette::panel_border, badge_fill = palette::accent_soft,
        badge_text = palette::accent;
  switch (look) {
    case ChoiceLook::chosen_right:
      fill = palette::success_soft, edge = palette::success, badge_fill = palette::success;
      badge_text = palette::panel;
      break;
    case ChoiceLook::chosen_wrong:
      fill = palette::caution_soft, edge = palette::caution, badge_fill = palette::caution;
      badge_text = palette::panel;
      break;
    case ChoiceLook::locked:
      badge_text = palette::muted, badge_fill = palette::card;
      break;
    case ChoiceLook::normal:
      break;
  }
  ImGui::PushID(index);
  ImGui::PushStyleColor(ImGuiCol_Button, fill);
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered,
                        look == ChoiceLook::normal ? palette::accent_soft : fill);
  ImGui::PushStyleColor(ImGuiCol_ButtonActive, look == ChoiceLook::normal ? palette::gauge : fill);
  bool clicked = ImGui::Button("##choice", ImVec2(width, height));
  ImGui::PopStyleColor(3);
  ImGui::PopID();
  ImVec2 p0 = ImGui::GetItemRectMin();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRect(p0, ImGui::GetItemRectMax(), edge, style.FrameRounding, 0,
              look == ChoiceLook::normal || look == ChoiceLook::locked ? 1.0f : 2.0f);
  ImVec2 badge_min(p0.x + pad, p0.y + (height - badge) * 0.5f);
  dl->AddRectFilled(badge_min, ImVec2(badge_min.x + badge, badge_min.y + badge), badge_fill,
                    badge * 0.5f);
  char number[16];
  std::snprintf(number, sizeof number, "%d", index + 1);
  ImVec2 number_size = ImGui::CalcTextSize(number);
  dl->AddText(ImVec2(badge_min.x + (badge - number_size.x) * 0.5f,
                     badge_min.y + (badge - number_size.y) * 0.5f),
              badge_text, number);
  ImU32 text_color = look == ChoiceLook::locked ? palette::muted : palette::text;
  dl->AddText(font, font->FontSize, ImVec2(p0.x + text_x, p0.y + (height - text_size.y) * 0.5f),
              text_color, text.c_str(), text.c_str() + text.size(), wrap);
  return clicked;
}

bool primary_button(const char* label, bool enabled, ImVec2 size) {
  ImGui::BeginDisabled(!enabled);
  ImGui::PushStyleColor(ImGuiCol_Button, enabled ? palette::accent : palette::gauge);
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, palette::accent_hover);
  ImGui::PushStyleColor(ImGuiCol_ButtonActive, palette::accent_active);
  ImGui::PushStyleColor(ImGuiCol_Text, enabled ? palette::panel : palette::muted);
  bool clicked = ImGui::Button(label, size);
  ImGui::PopStyleColor(4);
  ImGui::EndDisabled();
  return clicked;
}

bool flow_button(const char* label, bool first) {
  if (!first) {
    float w = ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < w) ImGui::NewLine();
  }
  return ImGui::Button(label);
}

Rect last_item_rect() {
  ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  return {a.x, a.y, b.x, b.y};
}

bool keys_taken() {
  return ImGui::GetIO().WantTextInput || ImGui::IsPopupOpen(nullptr, ImGuiPopupFlags_AnyPopupId);
}

}  // namespace lessonsim::ui
