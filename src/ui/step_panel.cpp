#include "step_panel.hpp"

#include "canvas.hpp"
#include "glossary_text.hpp"
#include "lessonsim/messages.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {

void spacing(float lines = 0.5f) {
  ImGui::Dummy(ImVec2(1, ImGui::GetFontSize() * lines));
}

void heading(const ViewContext& ctx, const Step& s) {
  if (s.title.empty()) return;
  wrapped_text(ctx.render(s.title), fonts().title);
}

void scroll_here(const ViewContext& ctx) {
  if (ctx.scroll_to_feedback) ImGui::SetScrollHereY(1.0f);
}

void choices(ViewContext& ctx, const Step& s) {
  const StepRecord& rec = ctx.engine.record();
  const std::optional<bool> right = ctx.engine.choice_right();
  bool locked = s.kind == StepKind::predict && right;
  // Short answers go two to a row, so the verdict below them stays in view on small windows.
  float row = available_width();
  float gap = ImGui::GetStyle().ItemSpacing.x;
  float half = (row - gap) * 0.5f;
  bool two_columns = s.choices.size() > 1;
  for (const auto& c : s.choices)
    two_columns = two_columns && choice_min_width(ctx.render(c.text)) <= half;
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing,
                      ImVec2(gap, ImGui::GetStyle().ItemSpacing.y * 0.6f));
  for (std::size_t k = 0; k < s.choices.size(); ++k) {
    int i = static_cast<int>(k);
    if (two_columns && k % 2 == 1) ImGui::SameLine(0, gap);
    ChoiceLook look = ChoiceLook::normal;
    if (rec.choice == i) {
      look = *right ? ChoiceLook::chosen_right : ChoiceLook::chosen_wrong;
    } else if (locked) {
      look = ChoiceLook::locked;
    }
    if (choice_button(i, ctx.render(s.choices[k].text), look, two_columns ? half : 0) && !locked) {
      ctx.push(Action::with("choose", "i", i));
    }
    ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    ctx.target("choice" + std::to_string(i + 1), {a.x, a.y, b.x, b.y});
  }
  ImGui::PopStyleVar();
}

void verdict(ViewContext& ctx, bool pinned) {
  const LocalizedText* explanation = ctx.engine.explanation();
  const std::optional<bool> right = ctx.engine.choice_right();
  if (!explanation || !right) return;
  {
    Card card(*right ? palette::success_soft : palette::caution_soft,
              *right ? palette::success : palette::caution);
    wrapped_text(tr(ctx.locale, *right ? "lesson.right" : "lesson.not_quite"), fonts().bold,
                 *right ? palette::success : palette::caution);
    wrapped_text(ctx.render(*explanation));
  }
  if (!pinned) scroll_here(ctx);
}

// The goal is met and its links have lit up: the reveal and the prediction's verdict are due.
bool revealed(const ViewContext& ctx) {
  return ctx.engine.goal_met() && ctx.motion.links >= 1;
}

void prediction_recall(ViewContext& ctx, const Step& s) {
  if (s.prediction.empty()) return;
  int index = ctx.engine.lesson().step_index(s.prediction);
  if (index < 0) return;
  const Step& predict = ctx.engine.lesson().steps[static_cast<std::size_t>(index)];
  int choice = ctx.engine.record(index).choice;
  if (choice < 0 || choice >= static_cast<int>(predict.choices.size())) return;
  Card card(palette::accent_soft, palette::accent);
  wrapped_text(std::string(phrase(ctx.locale, "lesson.your_prediction")) + ": “" +
                   ctx.render(predict.choices[static_cast<std::size_t>(choice)].text) + "”",
               fonts().bold, palette::accent);
  if (!revealed(ctx)) return;
  std::string result = canvas_for(ctx.engine.machine().spec().kind).result(ctx.engine, ctx.locale);
  if (!result.empty()) {
    wrapped_text(std::string(phrase(ctx.locale, "lesson.what_happened")) + ": " + result);
  }
  bool right = ctx.engine.choice_right(index).value_or(false);
  wrapped_text(tr(ctx.locale, right ? "lesson.prediction_right" : "lesson.prediction_wrong"),
               fonts().bold, right ? palette::success : palette::caution);
}

void operate_feedback(ViewContext& ctx, const Step& s, bool pinned) {
  if (revealed(ctx)) {
    if (s.reveal.empty()) return;
    {
      Card card(palette::success_soft, palette::success);
      wrapped_text(ctx.render(s.reveal));
    }
    if (!pinned) scroll_here(ctx);
    return;
  }
  if (const FeedbackRule* rule = ctx.engine.feedback()) {
    {
      Card card(palette::caution_soft, palette::caution);
      wrapped_text("→ " + ctx.render(rule->say));
    }
    if (!pinned) scroll_here(ctx);
  }
}

void summary_card(ViewContext& ctx, const char* label_id, const LocalizedText& text, ImU32 soft,
                  ImU32 strong, float width = 0) {
  Card card(soft, strong, width);
  wrapped_text(tr(ctx.locale, label_id), fonts().bold, strong);
  wrapped_text(ctx.render(text),
               std::string_view(label_id) == "lesson.key_idea" ? fonts().bold : nullptr);
}

void summary(ViewContext& ctx, const Step& s) {
  if (!s.key_idea.empty()) {
    summary_card(ctx, "lesson.key_idea", s.key_idea, palette::accent_soft, palette::accent);
  }
  // What you can explain and where it leads sit side by side when there is room for both.
  float row = available_width();
  float gap = ImGui::GetStyle().ItemSpacing.x;
  bool side_by_side = !s.can_do.empty() && !s.leads_to.empty() && row > ImGui::GetFontSize() * 26;
  float half = side_by_side ? (row - gap) * 0.5f : 0;
  if (!s.can_do.empty()) {
    summary_card(ctx, "lesson.can_do", s.can_do, palette::success_soft, palette::success, half);
  }
  if (side_by_side) ImGui::SameLine(0, gap);
  if (!s.leads_to.empty()) {
    summary_card(ctx, "lesson.leads_to", s.leads_to, palette::background, palette::muted, half);
  }
}

}  // namespace

void draw_step_narration(ViewContext& ctx, bool beside_machine) {
  const Step& s = ctx.engine.step();
  heading(ctx, s);
  if (!s.text.empty()) {
    text_with_terms(ctx.render(s.text), ctx.engine.lesson(), ctx.locale);
    spacing(0.2f);
  }
  switch (s.kind) {
    case StepKind::predict:
    case StepKind::quiz:
      choices(ctx, s);
      break;
    case StepKind::summary:
      summary(ctx, s);
      break;
    case StepKind::operate:
      // Until the goal is met, the prediction recalled is a reminder, read with the step.
      if (beside_machine && !revealed(ctx)) prediction_recall(ctx, s);
      break;
    case StepKind::narrate:
    case StepKind::demo:
      break;
  }
}

void draw_step_feedback(ViewContext& ctx, bool pinned) {
  const Step& s = ctx.engine.step();
  switch (s.kind) {
    case StepKind::predict:
    case StepKind::quiz:
      verdict(ctx, pinned);
      break;
    case StepKind::operate:
      // Pinned beside the machine, the reveal comes first and the prediction's verdict after.
      if (!pinned) prediction_recall(ctx, s);
      operate_feedback(ctx, s, pinned);
      if (pinned && revealed(ctx)) prediction_recall(ctx, s);
      break;
    case StepKind::summary:
    case StepKind::narrate:
    case StepKind::demo:
      break;
  }
}

}  // namespace lessonsim::ui
