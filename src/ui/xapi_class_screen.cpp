#include "xapi_class_screen.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "journey_menu.hpp"
#include "lessonsim/messages.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {

// A question or step as the instructor knows it: its lesson, then its name or id.
std::string class_place(const std::string& lesson, const std::string& step,
                        const std::string& name) {
  return lesson + " · " + (name.empty() ? step : name);
}

void class_lessons(const ClassReport& r, std::string_view loc, float width) {
  wrapped_text(tr(loc, "class.lessons"), fonts().title);
  // One count scale for every bar of the screen's lessons: the class's learners.
  double learners = static_cast<double>(std::max<std::size_t>(r.learners.size(), 1));
  for (const auto& l : r.lessons) {
    wrapped_text(l.name.empty() ? l.id : l.name, fonts().bold);
    class_bar(l.started, learners, width, palette::accent,
              tr(loc, Message("class.started").num("n", l.started).num("of", learners)));
    class_bar(l.finished, learners, width, palette::success,
              tr(loc, Message("class.finished").num("n", l.finished).num("of", learners)));
  }
}

void class_questions(const ClassReport& r, std::string_view loc, float width) {
  wrapped_text(tr(loc, "class.questions"), fonts().title);
  for (const auto& q : r.questions) {
    wrapped_text(class_place(q.lesson, q.step, q.name), fonts().bold);
    // Shares on one scale, 0 to 100 %.
    double share = q.learners ? static_cast<double>(q.right) / q.learners : 0;
    class_bar(share, 1.0, width, palette::success,
              tr(loc, Message("class.right")
                          .num("right", q.right)
                          .num("learners", q.learners)
                          .num("percent", std::round(share * 100))));
    if (!q.top_wrong.empty()) {
      wrapped_text(
          tr(loc, Message("class.top_wrong")
                      .text("answer", q.top_wrong_text.empty() ? q.top_wrong : q.top_wrong_text)
                      .num("n", q.top_wrong_count)),
          nullptr, palette::caution);
    }
  }
}

void class_steps(const ClassReport& r, std::string_view loc) {
  wrapped_text(tr(loc, "class.operate"), fonts().title);
  for (const auto& o : r.operate_steps) {
    wrapped_text(class_place(o.lesson, o.step, o.name), fonts().bold);
    wrapped_text(
        tr(loc,
           Message("class.moves").num("learners", o.learners).amount("median", o.median_actions)));
    std::string rules;
    for (std::size_t k = 0; k < o.rules.size() && k < 3; ++k)
      rules += (k ? ", " : "") + o.rules[k].first + " ×" + std::to_string(o.rules[k].second);
    if (!rules.empty())
      wrapped_text(tr(loc, Message("class.rules").text("rules", rules)), nullptr, palette::muted);
  }
}

void class_learners(const ClassReport& r, std::string_view loc) {
  wrapped_text(tr(loc, "class.learners"), fonts().title);
  for (const auto& l : r.learners) {
    std::string where = l.lesson + (l.step.empty() ? "" : " · " + l.step);
    wrapped_text(tr(loc, Message(l.finished ? "class.learner_finished" : "class.learner_at")
                             .text("name", l.name)
                             .text("where", where)
                             .num("lessons", l.lessons_finished)));
  }
}

}  // namespace

float class_bar_length(double value, double full, float width) {
  return full > 0 ? static_cast<float>(std::clamp(value / full, 0.0, 1.0)) * width : 0.0f;
}

void class_bar(double value, double full, float width, ImU32 colour, const std::string& words) {
  float font = ImGui::GetFontSize();
  ImVec2 at = ImGui::GetCursorScreenPos();
  float h = font * 0.7f;
  float length = class_bar_length(value, full, width);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(ImVec2(at.x, at.y + font * 0.15f),
                      ImVec2(at.x + width, at.y + font * 0.15f + h), palette::gauge);
  if (length > 0) {
    draw->AddRectFilled(ImVec2(at.x, at.y + font * 0.15f),
                        ImVec2(at.x + length, at.y + font * 0.15f + h), colour);
  }
  ImGui::Dummy(ImVec2(width, font));
  ImGui::SameLine();
  ImGui::TextUnformatted(words.c_str());
}

void ClassScreen::frame(const JourneyView& view, JourneyRequests& out) {
  begin_screen("##class");
  journey_menu(view, ScreenId::classroom, out);
  journey_keys(ScreenId::classroom, out);
  std::string_view loc = view.locale;
  const ClassView& c = view.class_view;
  float column = begin_reading_column("##reading", 48);
  wrapped_text(tr(loc, "class.title"), fonts().title, palette::accent);
  if (!c.lrs.empty()) wrapped_text(c.lrs, fonts().small, palette::muted);
  float bar = std::max(column * 0.35f, ImGui::GetFontSize() * 4);
  switch (c.state) {
    case ClassView::State::not_set:
      wrapped_text(tr(loc, "class.no_lrs"));
      break;
    case ClassView::State::reading:
      wrapped_text(tr(loc, "class.reading"), nullptr, palette::muted);
      break;
    case ClassView::State::failed:
      wrapped_text(tr(loc, Message("class.failed").text("why", c.error)), nullptr,
                   palette::caution);
      break;
    case ClassView::State::ready: {
      const ClassReport& r = c.report;
      wrapped_text(tr(loc, Message("class.summary")
                               .num("learners", static_cast<double>(r.learners.size()))
                               .num("statements", static_cast<double>(r.statements))),
                   nullptr, palette::muted);
      class_lessons(r, loc, bar);
      class_questions(r, loc, bar);
      class_steps(r, loc);
      class_learners(r, loc);
      break;
    }
  }
  ImGui::Dummy(ImVec2(1, ImGui::GetFontSize() * 0.3f));
  if (c.state != ClassView::State::reading && ImGui::Button(phrase(loc, "class.read_again")))
    out.read_class = true;
  ImGui::SameLine();
  if (ImGui::Button(phrase(loc, "journey.course_map"))) out.go = ScreenId::map;
  ImGui::EndChild();
  end_screen();
}

}  // namespace lessonsim::ui
