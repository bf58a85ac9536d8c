// The stand-in canvas for a machine kind without its own picture: its variables, named and valued.
#include "canvas.hpp"
#include "theme.hpp"

namespace lessonsim::ui {

namespace {

void draw_variables(ViewContext& ctx) {
  const auto& vars = ctx.engine.lesson().machine->spec().variables;
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
