// The Instructor menu's state explorer: the states the lint reaches on this operate step,
// grouped by what the learner sees there; picking one puts the machine there.
#include <imgui.h>

#include "instructor_menu.hpp"
#include "lesson_screen.hpp"
#include "lessonsim/messages.hpp"

namespace lessonsim::ui {

namespace {

// A state as the settings that differ from the step's start, e.g. "gpus 3, slices 3".
std::string state_label(const ExploredState& state, const nlohmann::json& start,
                        std::string_view locale) {
  std::string out;
  for (const auto& [key, value] : state.settings.items()) {
    if (start.contains(key) && start[key] == value) continue;
    out += (out.empty() ? "" : ", ") + key + " " + value.dump();
  }
  return out.empty() ? tr(locale, "instructor.as_the_step_starts") : out;
}

// A group's heading in the learner's language: which rule, or the goal, or no feedback.
std::string group_title(const StateGroup& group, const Step& step, std::string_view locale) {
  switch (group.shows) {
    case StateGroup::Shows::rule: {
      const FeedbackRule& rule = step.feedback[static_cast<std::size_t>(group.rule)];
      std::string name = rule.id.empty() ? std::to_string(group.rule + 1) : "\"" + rule.id + "\"";
      return tr(locale, "instructor.rule") + name;
    }
    case StateGroup::Shows::goal:
      return tr(locale, "instructor.goal_met_the_reveal_shows");
    case StateGroup::Shows::nothing:
      break;
  }
  return tr(locale, "instructor.no_feedback");
}

}  // namespace

const Exploration& InstructorMenu::exploration(const LessonScreen& screen) {
  const Engine& e = screen.engine();
  if (explored_lesson_ != e.lesson_ptr() || explored_step_ != e.step_index()) {
    explored_ = explore_states(e.lesson(), e.step());
    explored_lesson_ = e.lesson_ptr();
    explored_step_ = e.step_index();
  }
  return explored_;
}

bool InstructorMenu::pick(LessonScreen& screen, std::size_t group, std::size_t state) {
  const Exploration& x = exploration(screen);
  if (group >= x.groups.size() || state >= x.groups[group].states.size()) return false;
  // The engine's own save and restore put the machine there, checked as a saved state is.
  Engine moved = screen.engine();
  nlohmann::json saved = moved.save();
  saved["machine"] = x.groups[group].states[state].settings;
  if (!moved.restore(saved)) return false;
  screen.swap_lesson(std::move(moved));
  return true;
}

void InstructorMenu::explorer_menu(LessonScreen& screen) {
  bool operate = screen.engine().step().kind == StepKind::operate;
  std::string title = tr(screen.locale(), "instructor.explore_states");
  if (ImGui::MenuItem(title.c_str(), nullptr, false, operate)) explorer_open_ = true;
}

void InstructorMenu::explorer_window(LessonScreen& screen) {
  if (!explorer_open_ || screen.engine().step().kind != StepKind::operate) return;
  const std::string& loc = screen.locale();
  const Exploration& x = exploration(screen);
  nlohmann::json start;
  for (const auto& g : x.groups) {
    for (const auto& s : g.states) {
      if (s.values == x.start_values) start = s.settings;
    }
  }
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  float font = ImGui::GetFontSize();
  ImGui::SetNextWindowPos(
      ImVec2(vp->WorkPos.x + vp->WorkSize.x - font, vp->WorkPos.y + font * 2.5f),
      ImGuiCond_Appearing, ImVec2(1, 0));
  ImGui::SetNextWindowSize(ImVec2(font * 26, vp->WorkSize.y * 0.7f), ImGuiCond_Appearing);
  std::string title =
      tr(loc, "instructor.explore_states_title") + ": " + screen.engine().step().id + "###explorer";
  if (ImGui::Begin(title.c_str(), &explorer_open_, ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::TextDisabled("%zu %s", x.states,
                        x.exhaustive ? phrase(loc, "instructor.reachable_states")
                                     : phrase(loc, "instructor.sampled_states"));
    const Step& step = screen.engine().step();
    for (std::size_t g = 0; g < x.groups.size(); ++g) {
      const StateGroup& group = x.groups[g];
      std::string label = group_title(group, step, loc) + "  (" +
                          std::to_string(group.states.size()) + ")##group" + std::to_string(g);
      if (!ImGui::CollapsingHeader(label.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) continue;
      std::string condition = group.shows == StateGroup::Shows::rule
                                  ? step.feedback[static_cast<std::size_t>(group.rule)].when.text()
                              : group.shows == StateGroup::Shows::goal && step.goal
                                  ? step.goal->text()
                                  : std::string();
      if (!condition.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped("%s", condition.c_str());
        ImGui::PopStyleColor();
      }
      if (group.states.empty()) {
        ImGui::TextDisabled("%s", phrase(loc, "instructor.no_state_never_shows"));
      }
      for (std::size_t k = 0; k < group.states.size(); ++k) {
        std::string item = state_label(group.states[k], start, loc) + "##state" +
                           std::to_string(g) + "_" + std::to_string(k);
        bool here = group.states[k].values == screen.engine().values();
        if (ImGui::Selectable(item.c_str(), here)) pick(screen, g, k);
      }
    }
  }
  ImGui::End();
}

}  // namespace lessonsim::ui
