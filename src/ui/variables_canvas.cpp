// The stand-in canvas for a machine kind without its own picture: its variables, named and valued.
#include <algorithm>

#include "canvas.hpp"
#include "lessonsim/messages.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {

// The kind's own actions that take no argument, as buttons named after them, so a lesson on a
// kind without its own canvas can still be played through.
void action_buttons(ViewContext& ctx) {
  bool first = true;
  for (const auto& action : ctx.engine.machine().spec().actions) {
    if (!action.params.empty() || !ctx.engine.allows(action.name)) continue;
    std::string label = action.name;
    std::replace(label.begin(), label.end(), '_', ' ');
    if (flow_button(label.c_str(), first)) ctx.push(Action::make(action.name));
    ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    ctx.target(action.name, {a.x, a.y, b.x, b.y});
    first = false;
  }
  if (ctx.engine.can_undo() && flow_button(phrase(ctx.locale, "machine.undo"), first)) {
    ctx.push(Action::make("undo"));
  }
}

void draw_variables(ViewContext& ctx) {
  if (ctx.engine.step().kind == StepKind::operate) action_buttons(ctx);
  const auto& vars = ctx.engine.machine().spec().variables;
  const auto& values = ctx.engine.values();
  if (!ImGui::BeginTable("##variables", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH)) {
    return;
  }
  for (std::size_t k = 0; k < vars.size() && k < values.size(); ++k) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(vars[k].name.c_str());
    ImGui::TableNextColumn();
    std::string shown = vars[k].type == ValueType::boolean
                            ? format_bool(values[k] != 0.0, ctx.locale)
                            : format_number(values[k], ctx.locale);
    ImGui::TextUnformatted(shown.c_str());
  }
  ImGui::EndTable();
}

std::string no_result(const Engine&, std::string_view) {
  return {};
}

}  // namespace

const CanvasKind& variables_canvas() {
  static const CanvasKind kind{"", &draw_variables, &no_result};
  return kind;
}

}  // namespace lessonsim::ui
