#include "review_screen.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "journey_menu.hpp"
#include "lessonsim/messages.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

std::optional<Rect> ReviewScreen::target(const std::string& name) const {
  auto it = targets_.find(name);
  if (it == targets_.end()) return std::nullopt;
  return it->second;
}

void ReviewScreen::frame(const JourneyView& view, JourneyRequests& out) {
  targets_.clear();
  begin_screen("##review");
  journey_menu(view, ScreenId::review, out);
  JourneyRequests keys;
  journey_keys(ScreenId::review, keys);
  // While a practice machine is driven, its letters are its controls (S slices, M merges...), so
  // only Esc (the map) and F2 (settings) leave it, as on the lesson screen.
  if (practice_.driving()) {
    constexpr int key_f2 = 291;  // GLFW_KEY_F2: ImGui 1.86 has no F-keys of its own
    bool esc = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false);
    keys.go = esc ? std::optional<ScreenId>(ScreenId::map) : std::nullopt;
    keys.open_settings = ImGui::IsKeyPressed(key_f2, false);
  }
  if (keys.go) out.go = keys.go;
  if (keys.open_settings) out.open_settings = true;
  std::string_view loc = view.locale;
  float font = ImGui::GetFontSize();
  begin_reading_column("##reading", 40);
  wrapped_text(phrase(loc, "journey.review"), fonts().title);
  wrapped_text(tr(loc, Message("journey.due_today").num("n", static_cast<double>(view.due.size()))),
               nullptr, palette::muted);
  ImGui::Dummy(ImVec2(1, font * 0.3f));
  if (practise(view, out)) {
    // The practice item fills the column.
  } else if (view.due.empty()) {
    Card card(palette::success_soft, palette::success);
    wrapped_text(reviewed_ > 0 ? phrase(loc, "journey.review_done_for_today")
                               : phrase(loc, "journey.nothing_to_review_now"),
                 fonts().bold, palette::success);
    wrapped_text(phrase(loc, "journey.each_finished_lesson_s_questions"));
  } else {
    question(view, view.due.front(), out);
  }
  ImGui::Dummy(ImVec2(1, font * 0.5f));
  if (ImGui::Button(phrase(loc, "journey.course_map"))) out.go = ScreenId::map;
  targets_["map"] = last_item_rect();
  ImGui::EndChild();
  end_screen();
}

bool ReviewScreen::practise(const JourneyView& view, JourneyRequests& out) {
  auto key = [](const ReviewItem& i) { return i.due.lesson_id + "/" + i.due.step_id; };
  // A saved item stays on screen until the learner moves on; otherwise the front item plays.
  if (!(practice_.active() && practice_saved_)) {
    if (view.due.empty() || !view.due.front().is_practice()) {
      practice_.clear();
      return false;
    }
    if (!practice_.active() || key(practice_.item()) != key(view.due.front())) {
      practice_.start(view.due.front());
      practice_saved_ = false;
    }
  }
  std::optional<std::int64_t> next_due;
  if (auto it = view.next_due.find(key(practice_.item()));
      practice_saved_ && it != view.next_due.end()) {
    next_due = it->second;
  }
  bool go_on = practice_.frame(view.locale, next_due, view.today, targets_);
  if (practice_.run().over() && !practice_saved_) {
    out.practice_done = &practice_.run();
    out.rated_lesson = practice_.item().due.lesson_id;
    out.rated_step = practice_.item().due.step_id;
    practice_saved_ = true;
    ++reviewed_;
  }
  if (go_on) {
    practice_.clear();
    practice_saved_ = false;
  }
  return true;
}

void ReviewScreen::question(const JourneyView& view, const ReviewItem& item, JourneyRequests& out) {
  std::string_view loc = view.locale;
  std::string key = item.due.lesson_id + "/" + item.due.step_id;
  if (key != card_key_) {
    card_key_ = key;
    choice_ = -1;
  }
  const Step& quiz = item.quiz();
  wrapped_text(item.lesson->title.in(loc), fonts().bold, palette::muted);
  {
    Card panel(palette::panel);
    if (!quiz.title.empty()) wrapped_text(quiz.title.in(loc), fonts().title);
    // Review shows the question without the machine, so placeholders stay as the lesson's
    // defaults would render them; quiz prompts rarely use any.
    wrapped_text(quiz.text.in(loc));
    ImGui::Dummy(ImVec2(1, ImGui::GetFontSize() * 0.2f));
    for (std::size_t k = 0; k < quiz.choices.size(); ++k) {
      int i = static_cast<int>(k);
      ChoiceLook look = ChoiceLook::normal;
      if (choice_ >= 0) {
        look = i == choice_ ? (answer_is_right(quiz, i) ? ChoiceLook::chosen_right
                                                        : ChoiceLook::chosen_wrong)
                            : ChoiceLook::locked;
      }
      if (choice_button(i, quiz.choices[k].text.in(loc), look) && choice_ < 0) {
        choice_ = i;
        scroll_frames_ = scroll_hold_frames;
      }
      targets_["choice" + std::to_string(i + 1)] = last_item_rect();
    }
    if (choice_ >= 0) {
      bool right = answer_is_right(quiz, choice_);
      Card verdict(right ? palette::success_soft : palette::caution_soft,
                   right ? palette::success : palette::caution);
      wrapped_text(tr(loc, right ? "lesson.right" : "lesson.not_quite"), fonts().bold,
                   right ? palette::success : palette::caution);
      if (!quiz.explain.empty()) wrapped_text(quiz.explain.in(loc));
    }
  }
  ImGuiIO& io = ImGui::GetIO();
  bool typing = keys_taken();
  if (choice_ < 0) {
    if (!typing) {
      for (ImWchar c : io.InputQueueCharacters) {
        if (c >= '1' && c <= '9' && static_cast<std::size_t>(c - '1') < quiz.choices.size()) {
          choice_ = static_cast<int>(c - '1');
          scroll_frames_ = scroll_hold_frames;
        }
      }
    }
    return;
  }
  wrapped_text(phrase(loc, "journey.how_well_did_you_remember"), fonts().bold);
  struct RatingButton {
    Rating rating;
    const char* label;
    const char* name;
  } ratings[] = {{Rating::again, phrase(loc, "journey.1_again"), "again"},
                 {Rating::hard, phrase(loc, "journey.2_hard"), "hard"},
                 {Rating::good, phrase(loc, "journey.3_good"), "good"},
                 {Rating::easy, phrase(loc, "journey.4_easy"), "easy"}};
  std::optional<Rating> rated;
  bool first = true;
  for (const auto& r : ratings) {
    if (flow_button(r.label, first)) rated = r.rating;
    targets_[r.name] = last_item_rect();
    first = false;
  }
  // Bring the verdict and the ratings into view; ImGui clamps a scroll to the previous frame's
  // content height, so it is held for a few frames.
  if (scroll_frames_ > 0) {
    ImGui::SetScrollHereY(1.0f);
    --scroll_frames_;
  }
  // The keys that chose the answer this frame must not also rate it.
  if (!typing && !rated) {
    for (ImWchar c : io.InputQueueCharacters) {
      if (c >= '1' && c <= '4') rated = static_cast<Rating>(c - '0');
    }
  }
  if (rated) {
    out.rate = rated;
    out.rated_lesson = item.due.lesson_id;
    out.rated_step = item.due.step_id;
    out.rated_choice = choice_;
    out.rated_right = answer_is_right(quiz, choice_);
    ++reviewed_;
  }
}

}  // namespace lessonsim::ui
