#include "course_map_screen.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "course_map_layout.hpp"
#include "journey_menu.hpp"
#include "lessonsim/lesson_locale.hpp"
#include "lessonsim/messages.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {
ImU32 state_color(LessonState state) {
  switch (state) {
    case LessonState::done:
      return palette::success;
    case LessonState::in_progress:
    case LessonState::next:
      return palette::accent;
    case LessonState::later:
      break;
  }
  return palette::muted;
}

}  // namespace

std::string state_label(LessonState state, std::string_view locale) {
  switch (state) {
    case LessonState::done:
      return phrase(locale, "journey.done");
    case LessonState::in_progress:
      return phrase(locale, "journey.in_progress");
    case LessonState::next:
      return phrase(locale, "journey.next");
    case LessonState::later:
      break;
  }
  return phrase(locale, "journey.later");
}

std::optional<Rect> CourseMapScreen::target(const std::string& name) const {
  auto it = targets_.find(name);
  if (it == targets_.end()) return std::nullopt;
  return it->second;
}

void CourseMapScreen::frame(const JourneyView& view, JourneyRequests& out) {
  targets_.clear();
  begin_screen("##map");
  journey_menu(view, ScreenId::map, out);
  journey_keys(ScreenId::map, out);
  std::string_view loc = view.locale;
  float font = ImGui::GetFontSize();
  float width = ImGui::GetContentRegionAvail().x;
  float column = std::min(width, font * 64);
  float indent = (width - column) * 0.5f;
  ImGui::SetCursorPosX(ImGui::GetCursorPosX() + indent);
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + column);
  wrapped_text(view.course_title, fonts().title);
  int done = 0;
  for (const auto& p : view.path)
    done += p.state == LessonState::done;
  wrapped_text(card_progress(done, static_cast<int>(view.path.size()), loc), nullptr,
               palette::muted);
  if (!view.notice.empty()) wrapped_text(view.notice, nullptr, palette::caution);
  if (!view.status.empty()) wrapped_text(view.status, nullptr, palette::muted);
  ImGui::PopTextWrapPos();
  ImGui::Dummy(ImVec2(1, font * 0.3f));

  int next = lesson_to_continue(view.path);
  if (next >= 0) {
    const PathEntry& p = view.path[static_cast<std::size_t>(next)];
    const char* verb = p.state == LessonState::in_progress ? phrase(loc, "journey.continue")
                                                           : phrase(loc, "journey.start");
    std::string label = std::string(verb) + ": " + p.lesson->title.in(loc) + "  →";
    // A long title at a large text size would run past the window: it goes above the button.
    float label_w = ImGui::CalcTextSize(label.c_str()).x + ImGui::GetStyle().FramePadding.x * 2;
    if (label_w > column) {
      wrapped_text(p.lesson->title.in(loc), fonts().bold);
      label = std::string(verb) + "  →";
    }
    bool go = primary_button(label.c_str(), true);
    targets_["continue"] = last_item_rect();
    ImGuiIO& io = ImGui::GetIO();
    bool enter = !io.WantTextInput && !io.NavVisible &&
                 !ImGui::IsPopupOpen(nullptr, ImGuiPopupFlags_AnyPopupId) &&
                 (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
                  ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false));
    if (go || enter) out.open_lesson = p.id;
  } else {
    wrapped_text(phrase(loc, "journey.you_have_finished_the_course"), fonts().bold,
                 palette::success);
  }
  entries(view, out);
  ImGui::EndGroup();
  ImGui::Dummy(ImVec2(1, font * 0.2f));

  ImGui::BeginChild("##path", ImVec2(0, 0), false);
  float inner = ImGui::GetContentRegionAvail().x;
  MapGrid grid = map_grid(std::min(inner, column), font);
  auto cells = map_cells(static_cast<int>(view.path.size()), grid);
  float x0 = ImGui::GetCursorPosX() + (inner - std::min(inner, column)) * 0.5f + grid.left;
  // Each row starts below the tallest card of the row before; cards differ in height.
  float row_top = ImGui::GetCursorPosY(), row_bottom = row_top;
  for (std::size_t k = 0; k < cells.size(); ++k) {
    if (k > 0 && cells[k].column == 0) row_top = row_bottom + grid.gap;
    ImGui::SetCursorPos(
        ImVec2(x0 + static_cast<float>(cells[k].column) * (grid.card_width + grid.gap), row_top));
    lesson_card(view, static_cast<int>(k), grid.card_width, out);
    row_bottom = std::max(row_bottom, ImGui::GetCursorPosY() - ImGui::GetStyle().ItemSpacing.y);
  }
  ImGui::SetCursorPosY(row_bottom + grid.gap);
  ImGui::Dummy(ImVec2(1, 1));
  ImGui::EndChild();
  end_screen();
}

void CourseMapScreen::entries(const JourneyView& view, JourneyRequests& out) {
  std::string_view loc = view.locale;
  std::string review_text =
      tr(loc, Message("journey.review_due").num("n", static_cast<double>(view.due.size())));
  const char* review = review_text.c_str();
  struct Entry {
    const char* label;
    ScreenId id;
    const char* name;
  } list[] = {{review, ScreenId::review, "review"},
              {phrase(loc, "journey.glossary"), ScreenId::glossary, "glossary"},
              {phrase(loc, "journey.capability_card"), ScreenId::card, "card"}};
  bool first = true;
  for (const auto& e : list) {
    if (flow_button(e.label, first)) out.go = e.id;
    targets_[e.name] = last_item_rect();
    first = false;
  }
}

void CourseMapScreen::offer_languages(const Lesson& lesson, std::string_view loc,
                                      JourneyRequests& out) {
  // Not yet written in the learner's language: say so, and open it in one they pick.
  std::string others;
  for (const auto& l : lesson.locales)
    others += (others.empty() ? "" : ", ") + messages().language_name(l);
  wrapped_text(tr(loc, Message("journey.not_in_language")
                           .text("language", messages().language_name(loc))
                           .text("others", others)),
               nullptr, palette::muted);
  // One button a line: two language names side by side would not fit a card at 200% text.
  bool first = true;
  for (const auto& l : lesson.locales) {
    std::string label =
        tr(loc, Message("journey.open_in").text("language", messages().language_name(l)));
    ImGui::PushID(l.c_str());
    if (ImGui::Button(label.c_str())) {
      out.open_lesson = lesson.id;
      out.open_locale = l;
    }
    ImGui::PopID();
    if (first) targets_["lesson:" + lesson.id] = last_item_rect();
    first = false;
  }
}

void CourseMapScreen::lesson_card(const JourneyView& view, int index, float width,
                                  JourneyRequests& out) {
  std::string_view loc = view.locale;
  const PathEntry& p = view.path[static_cast<std::size_t>(index)];
  ImU32 strong = state_color(p.state);
  ImU32 soft = p.state == LessonState::done          ? palette::success_soft
               : p.state == LessonState::later       ? palette::card
               : p.state == LessonState::in_progress ? palette::accent_soft
                                                     : palette::panel;
  ImGui::PushID(index);
  {
    Card card(soft, strong, width);
    char number[16];
    std::snprintf(number, sizeof number, "%d · ", index + 1);
    wrapped_text(number + state_label(p.state, loc), fonts().bold, strong);
    if (!p.lesson) {
      wrapped_text(p.id + phrase(loc, "journey.could_not_be_loaded"), nullptr, palette::warning);
    } else {
      wrapped_text(p.lesson->title.in(loc), fonts().title,
                   p.state == LessonState::later ? palette::muted : palette::text);
      const std::size_t at = static_cast<std::size_t>(index);
      const std::string* key_idea = at < view.key_ideas.size() ? &view.key_ideas[at] : nullptr;
      if (p.state == LessonState::done && key_idea && !key_idea->empty()) {
        wrapped_text(*key_idea);
      } else if (p.state == LessonState::in_progress && p.step >= 0) {
        wrapped_text(tr(loc, Message("journey.at_step")
                                 .num("step", p.step + 1)
                                 .num("steps", static_cast<double>(p.lesson->steps.size()))),
                     nullptr, palette::muted);
      }
      const char* open = p.state == LessonState::done          ? phrase(loc, "journey.revisit")
                         : p.state == LessonState::in_progress ? phrase(loc, "journey.continue")
                                                               : phrase(loc, "journey.open");
      // A later lesson's card is the buttons' own colour: give its button the panel's.
      bool later = p.state == LessonState::later;
      if (later) ImGui::PushStyleColor(ImGuiCol_Button, palette::panel);
      if (lesson_has_locale(*p.lesson, loc)) {
        if (ImGui::Button(open)) out.open_lesson = p.id;
        targets_["lesson:" + p.id] = last_item_rect();
      } else {
        offer_languages(*p.lesson, loc, out);
      }
      if (later) ImGui::PopStyleColor();
    }
  }
  ImGui::PopID();
}

}  // namespace lessonsim::ui
