#include "glossary_screen.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "journey_menu.hpp"
#include "lessonsim/messages.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

std::optional<Rect> GlossaryScreen::target(const std::string& name) const {
  auto it = targets_.find(name);
  if (it == targets_.end()) return std::nullopt;
  return it->second;
}

void GlossaryScreen::set_filter(const std::string& text) {
  filter_.fill('\0');
  std::memcpy(filter_.data(), text.data(), std::min(text.size(), filter_.size() - 1));
}

void GlossaryScreen::frame(const JourneyView& view, JourneyRequests& out) {
  targets_.clear();
  begin_screen("##glossary");
  journey_menu(view, ScreenId::glossary, out);
  journey_keys(ScreenId::glossary, out);
  std::string_view loc = view.locale;
  float font = ImGui::GetFontSize();
  float width = ImGui::GetContentRegionAvail().x;
  float column = std::min(width, font * 40);
  ImGui::SetCursorPosX(ImGui::GetCursorPosX() + (width - column) * 0.5f);
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + column);
  wrapped_text(phrase(loc, "journey.glossary"), fonts().title);
  wrapped_text(phrase(loc, "journey.the_terms_of_the_lessons"), nullptr, palette::muted);
  ImGui::PopTextWrapPos();
  if (ImGui::Button(phrase(loc, "journey.course_map"))) out.go = ScreenId::map;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(
      std::max(column - ImGui::GetItemRectSize().x - ImGui::GetStyle().ItemSpacing.x, font * 6));
  ImGui::InputTextWithHint("##search", phrase(loc, "journey.search"), filter_.data(),
                           filter_.size());
  ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  targets_["search"] = {a.x, a.y, b.x, b.y};
  ImGui::EndGroup();

  ImGui::SetCursorPosX(ImGui::GetCursorPosX() + (width - column) * 0.5f);
  ImGui::BeginChild("##terms", ImVec2(column, 0), false);
  shown_ = 0;
  if (view.glossary.empty()) {
    wrapped_text(phrase(loc, "journey.start_a_lesson_and_its"));
  }
  for (std::size_t k = 0; k < view.glossary.size(); ++k) {
    const GlossaryItem& item = view.glossary[k];
    if (!glossary_matches(item, filter_.data())) continue;
    ++shown_;
    ImGui::PushID(static_cast<int>(k));
    {
      Card card(palette::panel, palette::accent);
      wrapped_text(item.term, fonts().bold, palette::accent);
      wrapped_text(item.definition);
      std::string where = std::string(phrase(loc, "journey.first_met_in")) + item.lesson_title;
      if (item.step_index >= 0) {
        where += tr(loc, Message("journey.glossary_step").num("step", item.step_index + 1));
      }
      wrapped_text(where, fonts().small, palette::muted);
      if (ImGui::SmallButton(phrase(loc, "journey.go_there"))) {
        out.open_lesson = item.lesson_id;
        out.open_step = item.step_id;
      }
    }
    ImGui::PopID();
  }
  if (!view.glossary.empty() && shown_ == 0) {
    wrapped_text(phrase(loc, "journey.no_term_matches_the_search"), nullptr, palette::muted);
  }
  ImGui::EndChild();
  end_screen();
}

}  // namespace lessonsim::ui
