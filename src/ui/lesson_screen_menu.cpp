// The lesson screen's menu bar, which folds the menus that do not fit into a last "…" menu (a
// long language at a large text size), and its About and Keyboard dialogs.
#include <algorithm>

#include "lesson_screen.hpp"
#include "lessonsim/messages.hpp"
#include "machine_keys.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {

constexpr const char* more_label = "…";

}  // namespace

void LessonScreen::menu(int which, ViewContext& ctx) {
  std::string_view loc = locale_;
  switch (which) {
    case 0:
      if (ImGui::BeginMenu(phrase(loc, "menu.lesson"))) {
        if (ImGui::MenuItem(phrase(loc, "lesson.course_map"), "M, Esc")) {
          requests_.open_map = true;
        }
        if (ImGui::MenuItem(phrase(loc, "menu.restart"))) ctx.push(Action::make("restart"));
        if (ImGui::MenuItem(phrase(loc, "menu.quit"))) requests_.quit = true;
        ImGui::EndMenu();
      }
      break;
    case 1: {
      // Click targets for tests: the menu's label where the cursor stands, then each language.
      const char* language = phrase(loc, "menu.language");
      ImVec2 at = ImGui::GetCursorScreenPos();
      targets_["language"] = {at.x, at.y, at.x + ImGui::CalcTextSize(language).x,
                              at.y + ImGui::GetFrameHeight()};
      if (ImGui::BeginMenu(language)) {
        for (const auto& l : messages().choosable(lesson_->locales)) {
          std::string name = messages().language_name(l);
          bool picked = ImGui::MenuItem(name.c_str(), nullptr, l == locale_);
          targets_["language:" + l] = last_item_rect();
          if (picked && l != locale_) {
            locale_ = l;
            requests_.settings_changed = true;
          }
        }
        ImGui::EndMenu();
      }
      break;
    }
    case 2:
      if (ImGui::BeginMenu(phrase(loc, "menu.view"))) {
        if (ImGui::MenuItem(phrase(loc, "lesson.settings"), "S, F2")) {
          requests_.open_settings = true;
        }
        if (ImGui::MenuItem(phrase(loc, "menu.reduce_motion"), nullptr, reduce_motion_)) {
          reduce_motion_ = !reduce_motion_;
          if (reduce_motion_) finish_animations();
          requests_.settings_changed = true;
        }
        ImGui::EndMenu();
      }
      break;
    case 3:
      if (ImGui::BeginMenu(phrase(loc, "menu.help"))) {
        if (ImGui::MenuItem(phrase(loc, "menu.keys"))) open_keys_ = true;
        if (ImGui::MenuItem(phrase(loc, "menu.about"))) open_about_ = true;
        ImGui::EndMenu();
      }
      break;
    default:
      instructor_.menu(*this, ctx);
      break;
  }
}

void LessonScreen::menu_bar(ViewContext& ctx) {
  if (!ImGui::BeginMenuBar()) return;
  std::string_view loc = locale_;
  const std::string instructor = tr(loc, "instructor.instructor");
  const char* labels[] = {phrase(loc, "menu.lesson"), phrase(loc, "menu.language"),
                          phrase(loc, "menu.view"), phrase(loc, "menu.help"), instructor.c_str()};
  constexpr int count = static_cast<int>(std::size(labels));
  // A menu in the bar takes its label and twice the item spacing; the bar's room is the window
  // less the margin the first menu starts at, on both sides.
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  auto width = [&](const char* label) { return ImGui::CalcTextSize(label).x + spacing * 2; };
  const float margin = ImGui::GetCursorScreenPos().x - ImGui::GetWindowPos().x;
  const float room = ImGui::GetWindowWidth() - 2 * margin + spacing * 1.5f;
  float all = 0;
  for (const char* label : labels)
    all += width(label);
  int shown = count;
  if (all > room) {
    float used = width(more_label);
    shown = 0;
    while (shown < count && used + width(labels[shown]) <= room)
      used += width(labels[shown++]);
  }
  for (int k = 0; k < shown; ++k)
    menu(k, ctx);
  if (shown < count) {
    ImVec2 at = ImGui::GetCursorScreenPos();
    targets_["more"] = {at.x, at.y, at.x + ImGui::CalcTextSize(more_label).x,
                        at.y + ImGui::GetFrameHeight()};
    if (ImGui::BeginMenu(more_label)) {
      for (int k = shown; k < count; ++k)
        menu(k, ctx);
      ImGui::EndMenu();
    }
  }
  // The status keeps to the bar's far end, and only where the menus leave it room.
  if (!status_.empty()) {
    float w = ImGui::CalcTextSize(status_.c_str()).x;
    float x = ImGui::GetWindowWidth() - margin - w;
    if (x > ImGui::GetCursorPosX() + spacing) {
      ImGui::SetCursorPosX(x);
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::muted), "%s", status_.c_str());
      targets_["status"] = last_item_rect();
    }
  }
  ImGui::EndMenuBar();
}

void LessonScreen::popups() {
  std::string_view loc = locale_;
  std::string about = tr(loc, "about.title");
  std::string keys = tr(loc, "keys.title");
  if (open_about_) ImGui::OpenPopup("##about");
  if (open_keys_) ImGui::OpenPopup("##keys");
  open_about_ = open_keys_ = false;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  float width = std::min(vp->WorkSize.x * 0.8f, ImGui::GetFontSize() * 28);
  auto modal = [&](const char* id, const std::string& title, const std::string& body) {
    ImGui::SetNextWindowPos(
        ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
        ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(width, 0));
    if (!ImGui::BeginPopupModal(id, nullptr,
                                ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_AlwaysAutoResize)) {
      return;
    }
    wrapped_text(title, fonts().title);
    wrapped_text(body);
    ImGui::Dummy(ImVec2(1, ImGui::GetFontSize() * 0.5f));
    if (primary_button(phrase(loc, "dialog.close"), true) ||
        ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  };
  modal("##about", about, tr(loc, "about.body") + "\n\nlessonsim " + LESSONSIM_VERSION);
  modal("##keys", keys, tr(loc, "keys.body") + machine_keys(engine_.machine().spec(), loc));
}

}  // namespace lessonsim::ui
