#include "journey_menu.hpp"

#include <imgui.h>

#include <cstdio>

#include "lessonsim/messages.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {
// ImGui 1.86 has no F-keys of its own; its GLFW backend fills KeysDown by GLFW key code.
constexpr int key_f2 = 291;  // GLFW_KEY_F2
}  // namespace

void journey_menu(const JourneyView& view, ScreenId current, JourneyRequests& out) {
  if (!ImGui::BeginMenuBar()) return;
  std::string_view loc = view.locale;
  if (ImGui::BeginMenu(phrase(loc, "journey.course"))) {
    auto item = [&](ScreenId id, const char* label, const char* key) {
      if (ImGui::MenuItem(label, key, current == id) && current != id) out.go = id;
    };
    item(ScreenId::map, phrase(loc, "journey.menu.course_map"), "M");
    std::string review =
        tr(loc, Message("journey.review_due").num("n", static_cast<double>(view.due.size())));
    item(ScreenId::review, review.c_str(), "R");
    item(ScreenId::glossary, phrase(loc, "journey.glossary"), "G");
    item(ScreenId::card, phrase(loc, "journey.capability_card"), "C");
    ImGui::Separator();
    if (ImGui::MenuItem(phrase(loc, "menu.quit"))) out.quit = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu(phrase(loc, "menu.language"))) {
    for (const auto& l : view.locales) {
      std::string name = messages().language_name(l);
      if (ImGui::MenuItem(name.c_str(), nullptr, l == view.locale) && l != view.locale) {
        out.locale = l;
      }
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu(phrase(loc, "menu.view"))) {
    if (ImGui::MenuItem(phrase(loc, "journey.menu.settings"), "S")) out.open_settings = true;
    ImGui::EndMenu();
  }
  ImGui::EndMenuBar();
}

void journey_keys(ScreenId current, JourneyRequests& out) {
  ImGuiIO& io = ImGui::GetIO();
  if (keys_taken()) return;
  auto pressed = [](ImGuiKey key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), false); };
  if (pressed(ImGuiKey_Escape) && current != ScreenId::map) out.go = ScreenId::map;
  if (ImGui::IsKeyPressed(key_f2, false)) out.open_settings = true;
  for (ImWchar c : io.InputQueueCharacters) {
    if (io.KeyCtrl || io.KeyAlt) break;
    switch (c) {
      case 'm':
      case 'M':
        if (current != ScreenId::map) out.go = ScreenId::map;
        break;
      case 'r':
      case 'R':
        if (current != ScreenId::review) out.go = ScreenId::review;
        break;
      case 'g':
      case 'G':
        if (current != ScreenId::glossary) out.go = ScreenId::glossary;
        break;
      case 'c':
      case 'C':
        if (current != ScreenId::card) out.go = ScreenId::card;
        break;
      case 's':
      case 'S':
        out.open_settings = true;
        break;
      default:
        break;
    }
  }
}

void begin_screen(const char* id) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->WorkPos);
  ImGui::SetNextWindowSize(viewport->WorkSize);
  ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                           ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_MenuBar |
                           ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::PushFont(fonts().body);
  ImGui::Begin(id, nullptr, flags);
}

void end_screen() {
  ImGui::End();
  ImGui::PopFont();
}

}  // namespace lessonsim::ui
