// The lesson screen's body: a reading column for text steps; for machine steps the narration
// beside the machine, or above it when the text is too large for both to fit side by side.
#include <algorithm>

#include "canvas.hpp"
#include "lesson_screen.hpp"
#include "lessonsim/messages.hpp"
#include "step_panel.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {

// Side by side needs the window at least this many text heights wide (1280 px at 100% and
// 125% text; from 150% on, the narration goes above the machine).
constexpr float stack_below_ems = 48;
// The machine's height when stacked, in lines of its own (capped) text.
constexpr float canvas_min_lines = 26;

}  // namespace

void LessonScreen::body(ViewContext& ctx) {
  const ImGuiStyle& style = ImGui::GetStyle();
  float footer_h = ImGui::GetFrameHeight() + style.ItemSpacing.y * 2 + style.WindowPadding.y * 0.5f;
  ImVec2 avail = ImGui::GetContentRegionAvail();
  ImVec2 size(avail.x, std::max(avail.y - footer_h, ImGui::GetFontSize() * 4));
  const Step& s = engine_.step();
  bool machine_step = engine_.shows_machine() && !engine_.finished();
  float font = ImGui::GetFontSize();
  if (!machine_step) {
    // One reading column, centred, about 80 characters wide; answers get a little more room so
    // that they wrap less and their verdict stays in view.
    bool choosing = s.kind == StepKind::predict || s.kind == StepKind::quiz;
    ImGui::BeginChild("##column", size, false);
    begin_reading_column("##reading", choosing ? 40.0f : 36.0f);
    if (engine_.finished()) {
      Card card(palette::success_soft, palette::success);
      wrapped_text(phrase(locale_, "lesson.complete"), fonts().title, palette::success);
      wrapped_text(phrase(locale_, "lesson.complete_body"));
      ImGui::Dummy(ImVec2(1, font * 0.3f));
      if (!lesson_->next.empty()) {
        std::string next = LocalizedText::of("lesson.next_lesson").in(locale_);
        if (primary_button(next.c_str(), true)) requests_.open_lesson = lesson_->next;
        ctx.target("next_lesson", {ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y,
                                   ImGui::GetItemRectMax().x, ImGui::GetItemRectMax().y});
        ImGui::SameLine();
      }
      if (primary_button(phrase(locale_, "lesson.restart"), true))
        ctx.push(Action::make("restart"));
      ctx.target("restart", {ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y,
                             ImGui::GetItemRectMax().x, ImGui::GetItemRectMax().y});
    } else {
      Card panel(palette::panel);
      draw_step_panel(ctx);
    }
    ImGui::EndChild();
    ImGui::EndChild();
    return;
  }
  auto narration = [&] {
    draw_step_panel(ctx);
    if (!rejected_.empty()) {
      ImGui::Dummy(ImVec2(1, font * 0.3f));
      wrapped_text("✗ " + engine_.render(rejected_, locale_), nullptr, palette::warning);
    }
  };
  auto machine = [&](ImVec2 canvas_size) {
    ImGui::PushStyleColor(ImGuiCol_ChildBg, palette::panel);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(font * 0.8f, font * 0.8f));
    ImGui::BeginChild("##canvas", canvas_size, false,
                      ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                          ImGuiWindowFlags_AlwaysUseWindowPadding);
    {
      CanvasFontScope canvas_fonts;
      canvas_for(engine_.machine().spec().kind).draw(ctx);
      if (ctx.pointed) draw_point_ring(*ctx.pointed);
    }
    ImGui::EndChild();
    ImGui::PopStyleVar();
    ImGui::PopStyleColor();
  };
  if (size.x < font * stack_below_ems) {
    // Large text in a small window: the narration above the machine in one scrolling column,
    // so that neither is squeezed; the machine keeps a height its own words fit in.
    float canvas_h = 0;
    {
      CanvasFontScope canvas_fonts;
      canvas_h = std::max(size.y * 0.9f, fonts().body->FontSize * canvas_min_lines);
    }
    ImGui::BeginChild("##stack", size, false);
    narration();
    ImGui::Dummy(ImVec2(1, font * 0.5f));
    machine(ImVec2(0, canvas_h));
    ImGui::EndChild();
    return;
  }
  float left = std::clamp(size.x * 0.4f, std::min(font * 15, size.x * 0.5f), font * 23);
  ImGui::BeginChild("##narration", ImVec2(left, size.y), false);
  narration();
  ImGui::EndChild();
  ImGui::SameLine(0, font * 1.2f);
  machine(ImVec2(0, size.y));
}

}  // namespace lessonsim::ui
