#include "canvas_helpers.hpp"

#include <algorithm>

#include <imgui.h>

#include "picture.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {

float drawn_label_width(const ImFont& font, const std::string& label);

// A button's label is a text of the picture's screen too: recorded with its button's box, cut
// when the label is wider than the button leaves it.
void record_button_text(const std::string& label, const Rect& button) {
  std::vector<TextBox>* texts = recorded_texts();
  if (!texts) return;
  const std::string shown = label.substr(0, label.find("##"));
  const float room = button.width() - 2 * ImGui::GetStyle().FramePadding.x;
  texts->push_back({button, shown, drawn_label_width(*ImGui::GetFont(), label) > room + 0.5f});
}

}  // namespace

Toolbar& Toolbar::button(const char* op, const std::string& label, Action action,
                         const char* target) {
  if (!ctx_.engine.allows(op)) return *this;
  const char* name = target ? target : op;
  entries_.push_back({label + "##" + name, std::move(action), name});
  return *this;
}

Toolbar& Toolbar::choice(const char* op, const std::string& label, Action action,
                         const char* target, bool chosen, bool dimmed) {
  if (!ctx_.engine.allows(op)) return *this;
  entries_.push_back({label + "##" + target, std::move(action), target, chosen, dimmed});
  return *this;
}

Toolbar& Toolbar::undo(const std::string& label) {
  if (ctx_.engine.can_undo()) entries_.push_back({label, Action::make("undo"), {}});
  return *this;
}

void Toolbar::draw() {
  if (entries_.empty()) return;
  std::vector<std::string> labels, two_line;
  for (const Entry& e : entries_) {
    labels.push_back(e.label);
    if (two_lines_) two_line.push_back(broken_in_two(e.label, *fonts().small));
  }
  const ToolbarPlan plan = plan_toolbar_for(labels, max_rows_, two_line);
  const ToolbarStyleScope style(plan);
  for (std::size_t k = 0; k < entries_.size(); ++k) {
    Entry& e = entries_[k];
    const std::string& label = plan.style.two_lines ? two_line[k] : e.label;
    int colours = 0;
    if (e.chosen) {
      const ImVec4 accent = ImGui::ColorConvertU32ToFloat4(palette::accent);
      ImGui::PushStyleColor(ImGuiCol_Button, accent);
      ImGui::PushStyleColor(ImGuiCol_ButtonHovered, accent);
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::panel));
      colours = 3;
    } else if (e.dimmed) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::muted));
      colours = 1;
    }
    bool clicked = flow_button(label.c_str(), first_);
    ImGui::PopStyleColor(colours);
    clicked = clicked && !e.chosen;
    first_ = false;
    record_button_text(label, last_item_rect());
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

namespace {

// A label's width as ImGui draws it: up to its "##id", its widest line.
float drawn_label_width(const ImFont& font, const std::string& label) {
  const std::size_t hidden = label.find("##");
  const char* end = hidden == std::string::npos ? nullptr : label.c_str() + hidden;
  return font.CalcTextSizeA(font.FontSize, FLT_MAX, 0, label.c_str(), end).x;
}

}  // namespace

ToolbarPlan plan_toolbar_for(const std::vector<std::string>& labels, int max_rows,
                             const std::vector<std::string>& two_line) {
  const Fonts& f = fonts();
  const ImGuiStyle& style = ImGui::GetStyle();
  std::vector<float> body_w, small_w, two_line_w;
  for (const std::string& label : labels) {
    body_w.push_back(drawn_label_width(*f.body, label));
    small_w.push_back(drawn_label_width(*f.small, label));
  }
  for (const std::string& label : two_line)
    two_line_w.push_back(drawn_label_width(*f.small, label));
  ToolbarMetrics m{f.body->FontSize,     f.small->FontSize,   style.FramePadding.x,
                   style.FramePadding.y, style.ItemSpacing.x, style.ItemSpacing.y};
  return plan_toolbar(body_w, small_w, ImGui::GetContentRegionAvail().x, m, max_rows, two_line_w);
}

std::string broken_in_two(const std::string& label, const ImFont& font) {
  const std::string shown = label.substr(0, label.find("##"));
  const std::string id = label.substr(shown.size());
  std::size_t best = std::string::npos;
  float best_w = 0;
  for (std::size_t at = shown.find(' '); at != std::string::npos; at = shown.find(' ', at + 1)) {
    const float w = std::max(drawn_label_width(font, shown.substr(0, at)),
                             drawn_label_width(font, shown.substr(at + 1)));
    if (best == std::string::npos || w < best_w) {
      best = at;
      best_w = w;
    }
  }
  if (best == std::string::npos) return label;
  return shown.substr(0, best) + "\n" + shown.substr(best + 1) + id;
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
