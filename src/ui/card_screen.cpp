#include "card_screen.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "journey_menu.hpp"
#include "lessonsim/messages.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

void draw_capability_card(const CapabilityCard& card) {
  CardWords w = card_words(card.locale);
  std::string_view loc = card.locale;
  Card outer(palette::panel, palette::accent);
  wrapped_text(card.course_title, fonts().small, palette::muted);
  wrapped_text(w.heading, fonts().title, palette::accent);
  std::string progress =
      card_progress(static_cast<int>(card.lines.size()), card.lessons_in_course, loc);
  wrapped_text(std::string(w.made_on) + " " + card.date + " · " + progress, nullptr,
               palette::muted);
  if (card.complete()) {
    wrapped_text(phrase(loc, "journey.course_complete"), fonts().bold, palette::success);
  }
  ImGui::Dummy(ImVec2(1, ImGui::GetFontSize() * 0.3f));
  if (card.lines.empty()) wrapped_text(w.none_yet);
  for (const auto& line : card.lines) {
    Card item(palette::success_soft, palette::success);
    std::string title = "✓ " + line.title;
    if (!line.done_at.empty()) title += "  (" + line.done_at + ")";
    wrapped_text(title, fonts().bold, palette::success);
    if (!line.can_do.empty()) wrapped_text(line.can_do);
  }
}

float card_picture_frame(const CapabilityCard& card) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->WorkPos);
  ImGui::SetNextWindowSize(viewport->WorkSize);
  ImGui::PushFont(fonts().body);
  ImGui::Begin("##card_picture", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollbar);
  draw_capability_card(card);
  float used = ImGui::GetCursorPosY() + ImGui::GetStyle().WindowPadding.y;
  ImGui::End();
  ImGui::PopFont();
  return used;
}

void CardScreen::frame(const JourneyView& view, JourneyRequests& out) {
  begin_screen("##card");
  journey_menu(view, ScreenId::card, out);
  journey_keys(ScreenId::card, out);
  std::string_view loc = view.locale;
  float font = ImGui::GetFontSize();
  begin_reading_column("##reading", 40);
  draw_capability_card(view.card);
  ImGui::Dummy(ImVec2(1, font * 0.3f));
  if (!view.card_markdown_path.empty()) {
    wrapped_text(phrase(loc, "journey.saved_as"), fonts().bold);
    wrapped_text(view.card_markdown_path, fonts().small, palette::muted);
    wrapped_text(view.card_png_path, fonts().small, palette::muted);
  }
  if (ImGui::Button(phrase(loc, "journey.course_map"))) out.go = ScreenId::map;
  ImGui::SameLine();
  if (ImGui::Button(phrase(loc, "journey.save_again"))) out.write_card = true;
  ImGui::EndChild();
  end_screen();
}

}  // namespace lessonsim::ui
