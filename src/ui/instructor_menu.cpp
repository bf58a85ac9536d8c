#include "instructor_menu.hpp"

#include <imgui.h>

#include <algorithm>

#include "lesson_screen.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {

constexpr std::size_t max_errors_shown = 12;

std::string say(const char* es, const char* en, std::string_view locale) {
  return LocalizedText::both(es, en).in(locale);
}

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
  screen.restart();
  recorder_.emplace();
  screen.apply(PlaythroughRecorder::start_at(step));
}

void InstructorMenu::stop_recording(LessonScreen& screen) {
  if (!recorder_) return;
  screen.requests_.save_playthrough = recorder_->playthrough(recording_name_, screen.engine());
  recorder_.reset();
}

void InstructorMenu::menu(LessonScreen& screen) {
  const std::string& loc = screen.locale();
  // Click targets for tests, as the rest of the screen has; a menu's own label is where the
  // cursor stood before it.
  auto menu_label = [&](const std::string& label) {
    ImVec2 at = ImGui::GetCursorScreenPos();
    float w = ImGui::CalcTextSize(label.c_str()).x;
    return Rect{at.x, at.y, at.x + w, at.y + ImGui::GetFrameHeight()};
  };
  std::string title = say("Instructor", "Instructor", loc);
  screen.targets_["instructor"] = menu_label(title);
  if (ImGui::BeginMenu(title.c_str())) {
    std::string jump = say("Ir al paso", "Jump to step", loc);
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
        if (picked) {
          screen.apply(Action::with("goto", "step", steps[k].id));
        }
      }
      ImGui::EndMenu();
    }
    ImGui::Separator();
    if (!recorder_) {
      ImGui::TextUnformatted(say("Nombre de la grabación", "Recording name", loc).c_str());
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 16);
      ImGui::PushStyleColor(ImGuiCol_FrameBg, palette::card);  // a field, not a label
      ImGui::InputText("##recording_name", name_, sizeof name_);
      ImGui::PopStyleColor();
      bool named = name_[0] != '\0';
      bool start = ImGui::MenuItem(say("Empezar a grabar", "Start recording", loc).c_str(), nullptr,
                                   false, named);
      screen.targets_["start_recording"] = last_item();
      if (start) start_recording(screen, name_);
    } else {
      std::string stop = say("Parar y guardar la grabación", "Stop and save recording", loc) +
                         " (" + std::to_string(recorder_->size()) + ")";
      bool stop_now = ImGui::MenuItem(stop.c_str());
      screen.targets_["stop_recording"] = last_item();
      if (stop_now) stop_recording(screen);
      if (ImGui::MenuItem(say("Descartar la grabación", "Discard recording", loc).c_str())) {
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

void InstructorMenu::overlay(const std::string& locale) {
  if (reload_errors_.empty()) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  float font = ImGui::GetFontSize();
  float width = std::min(vp->WorkSize.x - font * 2, font * 40);
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + font * 3),
                          ImGuiCond_Always, ImVec2(0.5f, 0));
  ImGui::SetNextWindowSize(ImVec2(width, 0));
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, vp->WorkSize.y * 0.6f));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, palette::warning_soft);
  ImGui::PushStyleColor(ImGuiCol_Border, palette::warning);
  ImGui::Begin("##reload_errors", nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
                   ImGuiWindowFlags_NoMove);
  wrapped_text(say("El archivo de la lección tiene errores; sigue la última versión buena.",
                   "The lesson file has errors; the last good version stays open.", locale),
               fonts().title, palette::warning);
  for (std::size_t k = 0; k < reload_errors_.size() && k < max_errors_shown; ++k) {
    wrapped_text(reload_errors_[k]);
  }
  if (reload_errors_.size() > max_errors_shown) {
    wrapped_text("… +" + std::to_string(reload_errors_.size() - max_errors_shown), nullptr,
                 palette::muted);
  }
  ImGui::End();
  ImGui::PopStyleColor(2);
}

}  // namespace lessonsim::ui
