#include "glossary_screen.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "journey_menu.hpp"
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
  wrapped_text(say(loc, "Glosario", "Glossary"), fonts().title);
  wrapped_text(say(loc, "Los términos de las lecciones que has empezado.",
                   "The terms of the lessons you have started."),
               nullptr, palette::muted);
  ImGui::PopTextWrapPos();
  if (ImGui::Button(say(loc, "← Mapa del curso", "← Course map"))) out.go = ScreenId::map;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(
      std::max(column - ImGui::GetItemRectSize().x - ImGui::GetStyle().ItemSpacing.x, font * 6));
  ImGui::InputTextWithHint("##search", say(loc, "Buscar…", "Search…"), filter_.data(),
                           filter_.size());
  ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  targets_["search"] = {a.x, a.y, b.x, b.y};
  ImGui::EndGroup();

  ImGui::SetCursorPosX(ImGui::GetCursorPosX() + (width - column) * 0.5f);
  ImGui::BeginChild("##terms", ImVec2(column, 0), false);
  shown_ = 0;
  if (view.glossary.empty()) {
    wrapped_text(say(loc, "Empieza una lección y sus términos aparecerán aquí.",
                     "Start a lesson and its terms appear here."));
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
      std::string where =
          std::string(say(loc, "Aparece en: ", "First met in: ")) + item.lesson_title;
      if (item.step_index >= 0) {
        char step[48];
        std::snprintf(step, sizeof step, say(loc, " · paso %d", " · step %d"), item.step_index + 1);
        where += step;
      }
      wrapped_text(where, fonts().small, palette::muted);
      if (ImGui::SmallButton(say(loc, "Ir allí →", "Go there →"))) {
        out.open_lesson = item.lesson_id;
        out.open_step = item.step_id;
      }
    }
    ImGui::PopID();
  }
  if (!view.glossary.empty() && shown_ == 0) {
    wrapped_text(
        say(loc, "Ningún término coincide con la búsqueda.", "No term matches the search."),
        nullptr, palette::muted);
  }
  ImGui::EndChild();
  end_screen();
}

}  // namespace lessonsim::ui
