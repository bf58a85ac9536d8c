#include "canvas_helpers.hpp"

#include <algorithm>

#include <imgui.h>

#include "widgets.hpp"

namespace lessonsim::ui {

void Toolbar::button(const char* op, const std::string& label, Action action, const char* target) {
  if (!ctx_.engine.allows(op)) return;
  const char* name = target ? target : op;
  bool clicked = flow_button((label + "##" + name).c_str(), first_);
  first_ = false;
  ctx_.target(name, last_item_rect());
  if (clicked) ctx_.push(std::move(action));
}

void Toolbar::undo(const std::string& label) {
  if (!ctx_.engine.can_undo()) return;
  if (flow_button(label.c_str(), first_)) ctx_.push(Action::make("undo"));
  first_ = false;
}

Rect remaining_area() {
  ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  return {p0.x, p0.y, p0.x + std::max(avail.x, 64.0f), p0.y + std::max(avail.y, 64.0f)};
}

void claim(const Rect& area) {
  ImGui::Dummy(ImVec2(area.width(), area.height()));
}

}  // namespace lessonsim::ui
