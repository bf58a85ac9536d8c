#include "canvas_helpers.hpp"

#include <algorithm>

#include <imgui.h>

#include "widgets.hpp"

namespace lessonsim::ui {

Toolbar& Toolbar::button(const char* op, const std::string& label, Action action,
                         const char* target) {
  if (!ctx_.engine.allows(op)) return *this;
  const char* name = target ? target : op;
  entries_.push_back({label + "##" + name, std::move(action), name});
  return *this;
}

Toolbar& Toolbar::undo(const std::string& label) {
  if (ctx_.engine.can_undo()) entries_.push_back({label, Action::make("undo"), {}});
  return *this;
}

void Toolbar::draw() {
  if (entries_.empty()) return;
  std::vector<std::string> labels;
  for (const Entry& e : entries_)
    labels.push_back(e.label);
  const ToolbarStyleScope style(plan_toolbar_for(labels, max_rows_));
  for (Entry& e : entries_) {
    bool clicked = flow_button(e.label.c_str(), first_);
    first_ = false;
    if (!e.target.empty()) ctx_.target(e.target, last_item_rect());
    if (clicked) ctx_.push(std::move(e.action));
  }
  entries_.clear();
}

ToolbarStyleScope::ToolbarStyleScope(const ToolbarPlan& plan) {
  if (plan.style.small_font) {
    ImGui::PushFont(fonts().small);
    font_pushed_ = true;
  }
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(plan.style.pad_x, plan.style.pad_y));
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing,
                      ImVec2(plan.style.spacing_x, plan.style.spacing_y));
}

ToolbarStyleScope::~ToolbarStyleScope() {
  ImGui::PopStyleVar(2);
  if (font_pushed_) ImGui::PopFont();
}

ToolbarPlan plan_toolbar_for(const std::vector<std::string>& labels, int max_rows) {
  const Fonts& f = fonts();
  const ImGuiStyle& style = ImGui::GetStyle();
  std::vector<float> body_w, small_w;
  for (const std::string& label : labels) {
    // What is drawn: the label up to its "##id", as ImGui shows it.
    const std::size_t hidden = label.find("##");
    const char* end = hidden == std::string::npos ? nullptr : label.c_str() + hidden;
    body_w.push_back(f.body->CalcTextSizeA(f.body->FontSize, FLT_MAX, 0, label.c_str(), end).x);
    small_w.push_back(f.small->CalcTextSizeA(f.small->FontSize, FLT_MAX, 0, label.c_str(), end).x);
  }
  ToolbarMetrics m{f.body->FontSize,     f.small->FontSize,   style.FramePadding.x,
                   style.FramePadding.y, style.ItemSpacing.x, style.ItemSpacing.y};
  return plan_toolbar(body_w, small_w, ImGui::GetContentRegionAvail().x, m, max_rows);
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
