#include "instructor_menu.hpp"

#include <imgui.h>

#include <algorithm>
#include <utility>

#include "lesson_screen.hpp"
#include "lessonsim/messages.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {

constexpr std::size_t max_errors_shown = 12;

Rect last_item() {
  ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  return {a.x, a.y, b.x, b.y};
}

}  // namespace

void InstructorMenu::observe(const Action& action, const Events& events, const Engine& after) {
  if (recorder_) recorder_->observe(action, events, after);
}

void InstructorMenu::start_recording(LessonScreen& screen, const std::string& name) {
  std::string step = screen.engine().step().id;
  recording_name_ = name;
  screen.apply(Action::make("restart"));
  recorder_.emplace();
  screen.apply(PlaythroughRecorder::start_at(step));
}

void InstructorMenu::stop_recording(LessonScreen& screen) {
  if (!recorder_) return;
  screen.requests_.save_playthrough = recorder_->playthrough(recording_name_, screen.engine());
  recorder_.reset();
}

void InstructorMenu::after_frame(LessonScreen& screen) {
  if (pending_recording_) start_recording(screen, *std::exchange(pending_recording_, {}));
  if (pending_pick_) {
    auto [group, state] = *std::exchange(pending_pick_, {});
    pick(screen, group, state);
  }
}

void InstructorMenu::menu(LessonScreen& screen, ViewContext& ctx) {
  const std::string& loc = screen.locale();
  // Click targets for tests, as the rest of the screen has; a menu's own label is where the
  // cursor stood before it.
  auto menu_label = [&](const std::string& label) {
    ImVec2 at = ImGui::GetCursorScreenPos();
    float w = ImGui::CalcTextSize(label.c_str()).x;
    return Rect{at.x, at.y, at.x + w, at.y + ImGui::GetFrameHeight()};
  };
  std::string title = tr(loc, "instructor.instructor");
  screen.targets_["instructor"] = menu_label(title);
  if (ImGui::BeginMenu(title.c_str())) {
    std::string jump = tr(loc, "instructor.jump_to_step");
    screen.targets_["jump_to_step"] = menu_label(jump);
    if (ImGui::BeginMenu(jump.c_str())) {
      const Engine& e = screen.engine();
      const auto& steps = e.lesson().steps;
      for (std::size_t k = 0; k < steps.size(); ++k) {
        std::string label = std::to_string(k + 1) + ". " + steps[k].id + "  (" +
                            step_kind_name(steps[k].kind) + ")";
        bool here = static_cast<int>(k) == e.step_index();
        bool picked = ImGui::MenuItem(label.c_str(), nullptr, here);
        screen.targets_["jump:" + steps[k].id] = last_item();
        if (picked) ctx.push(Action::with("goto", "step", steps[k].id));
      }
      ImGui::EndMenu();
    }
    explorer_menu(screen);
    bool open_class = ImGui::MenuItem(phrase(loc, "instructor.class"));
    screen.targets_["class"] = last_item();
    if (open_class) screen.requests_.open_class = true;
    ImGui::Separator();
    if (!recorder_) {
      ImGui::TextUnformatted(phrase(loc, "instructor.recording_name"));
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 16);
      ImGui::PushStyleColor(ImGuiCol_FrameBg, palette::card);  // a field, not a label
      ImGui::InputText("##recording_name", name_, sizeof name_);
      ImGui::PopStyleColor();
      bool named = name_[0] != '\0';
      bool start =
          ImGui::MenuItem(phrase(loc, "instructor.start_recording"), nullptr, false, named);
      screen.targets_["start_recording"] = last_item();
      if (start) pending_recording_ = name_;
    } else {
      std::string stop = tr(loc, "instructor.stop_and_save_recording") + " (" +
                         std::to_string(recorder_->size()) + ")";
      bool stop_now = ImGui::MenuItem(stop.c_str());
      screen.targets_["stop_recording"] = last_item();
      if (stop_now) stop_recording(screen);
      if (ImGui::MenuItem(phrase(loc, "instructor.discard_recording"))) {
        recorder_.reset();
      }
    }
    ImGui::EndMenu();
  }
  if (recorder_) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::warning), "● REC %zu",
                       recorder_->size());
  }
}

void InstructorMenu::panel(const std::string& locale) {
  bool errors = !reload_errors_.empty();
  const std::vector<std::string>& lines = errors ? reload_errors_ : reload_warnings_;
  if (lines.empty()) return;
  float font = ImGui::GetFontSize();
  std::size_t shown = std::min(lines.size(), max_errors_shown);
  // A few lines high at most, scrolling beyond, so the lesson below keeps most of the window.
  float height = font * (2.4f + 1.35f * static_cast<float>(std::min<std::size_t>(shown, 3)));
  ImGui::PushStyleColor(ImGuiCol_ChildBg, palette::warning_soft);
  ImGui::PushStyleColor(ImGuiCol_Border, palette::warning);
  ImGui::BeginChild("##reload_errors", ImVec2(-1, height), true);
  wrapped_text(errors ? tr(locale, "instructor.the_lesson_file_has_errors")
                      : tr(locale, "instructor.the_lesson_reloaded_but_its"),
               fonts().title, palette::warning);
  for (std::size_t k = 0; k < shown; ++k)
    wrapped_text(lines[k]);
  if (lines.size() > shown) {
    wrapped_text("… +" + std::to_string(lines.size() - shown), nullptr, palette::muted);
  }
  ImGui::EndChild();
  ImGui::PopStyleColor(2);
}

}  // namespace lessonsim::ui
