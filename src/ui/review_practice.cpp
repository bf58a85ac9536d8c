#include "review_practice.hpp"

#include <imgui.h>

#include "canvas.hpp"
#include "journey_view.hpp"
#include "lessonsim/messages.hpp"
#include "lessonsim/playthrough.hpp"
#include "lessonsim/review_queue.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {
// What the outcome means for the learner, in their words.
const char* outcome_text(PracticeOutcome outcome, std::string_view loc) {
  switch (outcome) {
    case PracticeOutcome::right_first_time:
      return phrase(loc, "journey.right_first_time_the_right");
    case PracticeOutcome::needed_feedback:
      return phrase(loc, "journey.you_got_there_with_help");
    case PracticeOutcome::gave_up:
      return phrase(loc, "journey.you_gave_up_it_comes");
  }
  return "";
}

}  // namespace

void PracticePanel::start(const ReviewItem& item) {
  item_ = item;
  run_.emplace(item.practice);
  scroll_frames_ = 0;
  shown_due_ = false;
}

bool PracticePanel::frame(std::string_view loc, std::optional<std::int64_t> next_due,
                          std::int64_t today, std::map<std::string, Rect, std::less<>>& targets) {
  std::vector<Action> actions;
  wrapped_text(item_.lesson->title.in(loc), fonts().bold, palette::muted);
  wrapped_text(phrase(loc, "journey.practice_with_fresh_numbers"), fonts().title);
  bool next = false;
  if (run_->engine().step().kind == StepKind::predict) {
    prediction(loc, actions, targets);
  } else {
    next = machine(loc, next_due, today, actions, targets);
  }
  if (scroll_frames_ > 0) {
    ImGui::SetScrollHereY(1.0f);
    --scroll_frames_;
  }
  for (const auto& a : actions)
    apply(a);
  return next;
}

void PracticePanel::apply(const Action& action) {
  if (!run_) return;
  // A verdict, a new step or the reveal: bring it into view. ImGui clamps a scroll to the
  // previous frame's content height, so it is held for a few frames.
  for (const auto& e : run_->apply(action)) {
    if (e.kind == EventKind::answer_judged || e.kind == EventKind::goal_reached ||
        e.kind == EventKind::step_changed) {
      scroll_frames_ = scroll_hold_frames;
    }
  }
}

void PracticePanel::prediction(std::string_view loc, std::vector<Action>& actions,
                               std::map<std::string, Rect, std::less<>>& targets) {
  const Engine& engine = run_->engine();
  const Step& step = engine.step();
  int chosen = engine.record().choice;
  const bool right = engine.choice_right().value_or(false);
  Card panel(palette::panel);
  wrapped_text(engine.render(step.text, loc));
  ImGui::Dummy(ImVec2(1, ImGui::GetFontSize() * 0.2f));
  for (std::size_t k = 0; k < step.choices.size(); ++k) {
    int i = static_cast<int>(k);
    ChoiceLook look = ChoiceLook::normal;
    if (chosen >= 0) {
      look = i != chosen ? ChoiceLook::locked
             : right     ? ChoiceLook::chosen_right
                         : ChoiceLook::chosen_wrong;
    }
    if (choice_button(i, engine.render(step.choices[k].text, loc), look) && chosen < 0) {
      actions.push_back(Action::with("choose", "i", i));
    }
    targets["choice" + std::to_string(i + 1)] = last_item_rect();
  }
  if (chosen < 0) {
    if (!keys_taken()) {
      for (ImWchar c : ImGui::GetIO().InputQueueCharacters) {
        if (c >= '1' && c <= '9' && static_cast<std::size_t>(c - '1') < step.choices.size()) {
          actions.push_back(Action::with("choose", "i", static_cast<int>(c - '1')));
          break;
        }
      }
    }
    return;
  }
  {
    Card verdict(right ? palette::success_soft : palette::caution_soft,
                 right ? palette::success : palette::caution);
    wrapped_text(tr(loc, right ? "lesson.right" : "lesson.not_quite"), fonts().bold,
                 right ? palette::success : palette::caution);
    wrapped_text(visible_feedback(engine, loc));
  }
  if (primary_button(phrase(loc, "journey.to_the_machine"), true) ||
      (!keys_taken() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)))) {
    actions.push_back(Action::make("next"));
  }
  targets["next"] = last_item_rect();
}

bool PracticePanel::machine(std::string_view loc, std::optional<std::int64_t> next_due,
                            std::int64_t today, std::vector<Action>& actions,
                            std::map<std::string, Rect, std::less<>>& targets) {
  const Engine& engine = run_->engine();
  const Step& step = engine.step();
  float font = ImGui::GetFontSize();
  if (std::string recall = prediction_recall(engine, loc); !recall.empty()) {
    wrapped_text(recall, nullptr, palette::muted);
  }
  wrapped_text(engine.render(step.text, loc));
  Motion still;
  // The item is over once the goal is met: the picture stays, its controls do nothing.
  std::vector<Action> ignored;
  ViewContext ctx{engine, loc, still, run_->over() ? ignored : actions, targets, false, false};
  ImGui::PushStyleColor(ImGuiCol_ChildBg, palette::panel);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(font * 0.8f, font * 0.8f));
  ImGui::BeginChild("##practice-canvas", ImVec2(0, font * 17), false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                        ImGuiWindowFlags_AlwaysUseWindowPadding);
  {
    CanvasFontScope canvas_fonts;
    canvas_for(engine.lesson().machine_spec->kind).draw(ctx);
  }
  ImGui::EndChild();
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();
  std::string said = visible_feedback(engine, loc);
  if (!said.empty()) {
    bool met = engine.goal_met();
    Card note(met ? palette::success_soft : palette::accent_soft,
              met ? palette::success : palette::accent);
    wrapped_text(std::string(met ? "✓ " : "→ ") + said, nullptr);
  }
  if (!run_->over()) {
    if (!keys_taken()) {
      // The machine's own keys and U, as the lesson screen plays them; the canvas shows Undo
      // when the engine can take a move back.
      for (ImWchar c : ImGui::GetIO().InputQueueCharacters) {
        for (const auto& a : engine.lesson().machine_spec->actions) {
          if (c < 128 && a.keys.find(static_cast<char>(c)) != std::string::npos &&
              engine.allows(a.name)) {
            actions.push_back(Action::make(a.name));
          }
        }
        if ((c == 'u' || c == 'U') && engine.can_undo()) actions.push_back(Action::make("undo"));
      }
    }
    if (flow_button(phrase(loc, "journey.i_give_up"), true)) run_->give_up();
    targets["give_up"] = last_item_rect();
    return false;
  }
  if (next_due && !shown_due_) {
    shown_due_ = true;
    scroll_frames_ = scroll_hold_frames;
  }
  {
    bool clean = run_->outcome() == PracticeOutcome::right_first_time;
    Card result(clean ? palette::success_soft : palette::caution_soft,
                clean ? palette::success : palette::caution);
    wrapped_text(outcome_text(run_->outcome(), loc), fonts().bold);
    if (next_due) {
      long long days = *next_due - today;
      wrapped_text(days == 1 ? std::string(phrase(loc, "journey.next_review_tomorrow"))
                             : tr(loc, Message("journey.next_review")
                                           .day("day", *next_due)
                                           .num("days", static_cast<double>(days))));
    }
  }
  bool next =
      primary_button(phrase(loc, "journey.next_button"), next_due.has_value()) ||
      (next_due && !keys_taken() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)));
  targets["continue"] = last_item_rect();
  return next;
}

}  // namespace lessonsim::ui
