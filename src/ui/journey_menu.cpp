#include "journey_menu.hpp"

#include <imgui.h>

#include <cstdio>

#include "strings.hpp"
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
  if (ImGui::BeginMenu(say(loc, "Curso", "Course"))) {
    auto item = [&](ScreenId id, const char* label, const char* key) {
      if (ImGui::MenuItem(label, key, current == id) && current != id) out.go = id;
    };
    item(ScreenId::map, say(loc, "Mapa del curso", "Course map"), "M");
    char review[64];
    std::snprintf(review, sizeof review, say(loc, "Repaso (%d pendientes)", "Review (%d due)"),
                  static_cast<int>(view.due.size()));
    item(ScreenId::review, review, "R");
    item(ScreenId::glossary, say(loc, "Glosario", "Glossary"), "G");
    item(ScreenId::card, say(loc, "Tarjeta de capacidades", "Capability card"), "C");
    ImGui::Separator();
    if (ImGui::MenuItem(tr(Str::menu_quit, loc))) out.quit = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu(tr(Str::menu_language, loc))) {
    for (const auto& l : view.locales) {
      const char* name = language_name(l);
      if (ImGui::MenuItem(name ? name : l.c_str(), nullptr, l == view.locale) && l != view.locale) {
        out.locale = l;
      }
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu(tr(Str::menu_view, loc))) {
    if (ImGui::MenuItem(say(loc, "Ajustes…", "Settings…"), "S")) out.open_settings = true;
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
  // No background: the window's clear paints the same colour, and under a software renderer a
  // second full-window fill costs as much as the rest of the picture.
  ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                           ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_MenuBar |
                           ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoBackground;
  ImGui::PushFont(fonts().body);
  ImGui::Begin(id, nullptr, flags);
}

void end_screen() {
  ImGui::End();
  ImGui::PopFont();
}

}  // namespace lessonsim::ui
