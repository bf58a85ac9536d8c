// The lesson screen's body: a reading column for text steps; for machine steps the narration
// beside the machine, with the current feedback pinned under the narration so that at any text
// size the machine and what it answers are in view together.
#include <algorithm>

#include "canvas.hpp"
#include "lesson_screen.hpp"
#include "lessonsim/messages.hpp"
#include "step_panel.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {

// Beside the machine the narration takes this share of the width, between these many text
// heights: at least the smaller, unless the machine would then get less than its readable
// minimum; at most the larger.
constexpr float narration_share = 0.4f;
constexpr float narration_min_ems = 15;
constexpr float narration_max_ems = 23;
constexpr float narration_floor_share = 0.3f;  // never narrower than this, whatever the machine
// The machine's readable minimum width, in text heights of its own (capped) text.
constexpr float canvas_min_ems = 19;
// Lines of narration kept above the pinned feedback; feedback longer than what is left scrolls
// in its own pane.
constexpr float narration_min_lines = 3.5f;

// The current window's rectangle on screen.
Rect window_rect() {
  ImVec2 at = ImGui::GetWindowPos(), extent = ImGui::GetWindowSize();
  return {at.x, at.y, at.x + extent.x, at.y + extent.y};
}

// How far the current window's content reaches: its cursor after the last item.
float content_height() {
  return std::max(ImGui::GetCursorPosY() - ImGui::GetStyle().ItemSpacing.y, 0.0f);
}

}  // namespace

bool LessonScreen::shows_machine() const {
  // A finished lesson keeps the machine of its last step as the learner left it.
  return engine_.shows_machine();
}

void LessonScreen::completion(ViewContext& ctx) {
  Card card(palette::success_soft, palette::success);
  wrapped_text(phrase(locale_, "lesson.complete"), fonts().title, palette::success);
  wrapped_text(phrase(locale_, "lesson.complete_body"));
  if (!finished_row_fits()) restart_button(ctx);
}

void LessonScreen::feedback(ViewContext& ctx, bool pinned) {
  if (engine_.finished()) {
    completion(ctx);
    return;
  }
  draw_step_feedback(ctx, pinned);
  if (!rejected_.empty()) {
    ImGui::Dummy(ImVec2(1, ImGui::GetFontSize() * 0.3f));
    wrapped_text("✗ " + engine_.render(rejected_, locale_), nullptr, palette::warning);
  }
}

void LessonScreen::body(ViewContext& ctx) {
  const ImGuiStyle& style = ImGui::GetStyle();
  float footer_h = ImGui::GetFrameHeight() + style.ItemSpacing.y * 2 + style.WindowPadding.y * 0.5f;
  ImVec2 avail = ImGui::GetContentRegionAvail();
  ImVec2 size(avail.x, std::max(avail.y - footer_h, ImGui::GetFontSize() * 4));
  const Step& s = engine_.step();
  float font = ImGui::GetFontSize();
  if (!shows_machine()) {
    // One reading column, centred, about 80 characters wide; answers get a little more room so
    // that they wrap less and their verdict stays in view.
    bool choosing = s.kind == StepKind::predict || s.kind == StepKind::quiz;
    ImGui::BeginChild("##column", size, false);
    begin_reading_column("##reading", choosing ? 40.0f : 36.0f);
    {
      Card panel(palette::panel);
      // A finished lesson says so first, above the summary it ended on.
      if (engine_.finished()) {
        completion(ctx);
        ImGui::Dummy(ImVec2(1, font * 0.3f));
      }
      draw_step_narration(ctx, false);
      if (!engine_.finished()) feedback(ctx, false);
    }
    ImGui::EndChild();
    ImGui::EndChild();
    return;
  }
  float canvas_font = 0;
  {
    CanvasFontScope canvas_fonts;
    canvas_font = ImGui::GetFontSize();
  }
  const float gap = canvas_font * 1.2f;
  const float least =
      std::max(std::min(font * narration_min_ems, size.x - gap - canvas_font * canvas_min_ems),
               size.x * narration_floor_share);
  const float left =
      std::clamp(size.x * narration_share, least, std::max(font * narration_max_ems, least));

  // The narration column: the step's words scroll in their own area, as tall as they need up to
  // what the feedback below them leaves; the feedback's pane keeps its whole height while at
  // least a few lines of narration remain, and scrolls within itself beyond that. Both sizes
  // are the content measured on the frame before.
  ImGui::BeginChild("##narration", ImVec2(left, size.y), false, ImGuiWindowFlags_NoScrollbar);
  const float spacing = style.ItemSpacing.y;
  const float narration_least = std::min(narration_h_, font * narration_min_lines);
  const float pane_h =
      feedback_h_ > 0 ? std::min(feedback_h_ + 1, size.y - narration_least - spacing) : 0;
  const float narration_room = size.y - (pane_h > 0 ? pane_h + spacing : 0);
  ImGui::BeginChild("##words", ImVec2(0, std::clamp(narration_h_ + 1, 1.0f, narration_room)),
                    false);
  ctx.target("narration", window_rect());
  draw_step_narration(ctx, true);
  // The last item's spacing too: without it the words' pane came out a few pixels short of a
  // choice's bottom edge, so a scrollbar appeared and cut the last answer.
  narration_h_ = content_height() + spacing;
  ImGui::EndChild();
  // A pane one pixel high until the feedback has been measured once.
  ImGui::BeginChild("##feedback", ImVec2(0, std::max(pane_h, 1.0f)), false);
  if (ctx.scroll_to_feedback) ImGui::SetScrollY(0);
  feedback(ctx, true);
  feedback_h_ = content_height();
  ImGui::EndChild();
  if (feedback_h_ > 0 && pane_h > 0) ctx.target("feedback", last_item_rect());
  ImGui::EndChild();

  ImGui::SameLine(0, gap);
  const bool outlined = palette::panel == palette::background;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, outlined ? IM_COL32(0, 0, 0, 0) : palette::panel);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(canvas_font * 0.8f, canvas_font * 0.8f));
  ImGui::PushStyleVar(ImGuiStyleVar_ChildBorderSize, std::max(1.0f, canvas_font / 16));
  ImGui::BeginChild("##canvas", ImVec2(0, size.y), outlined,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                        ImGuiWindowFlags_AlwaysUseWindowPadding);
  ctx.target("canvas", window_rect());
  if (ctx.picture) ctx.picture->canvas = window_rect();
  {
    CanvasFontScope canvas_fonts;
    TextRecording texts(ctx.picture ? &ctx.picture->texts : nullptr);
    canvas_for(engine_.machine().spec().kind).draw(ctx);
    if (ctx.pointed) {
      if (auto tag = draw_point_ring(*ctx.pointed, ctx.mark_rects)) ctx.target("point_tag", *tag);
    }
  }
  ImGui::EndChild();
  ImGui::PopStyleVar(2);
  ImGui::PopStyleColor();
}

}  // namespace lessonsim::ui
