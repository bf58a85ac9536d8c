#include "canvas_frame.hpp"

#include <algorithm>

#include "draw.hpp"
#include "lessonsim/messages.hpp"
#include "screen_rules.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {

// How opaque a faded part is drawn: still there to see, plainly not the point.
constexpr float faded_alpha = 0.3f;

std::string kind_folder(std::string kind) {
  std::replace(kind.begin(), kind.end(), '-', '_');
  return kind;
}

// The table's parameterless actions the step allows, in the table's order, then Undo.
void table_toolbar(ViewContext& ctx, const CanvasOptions& o) {
  const MachineSpec& spec = ctx.engine.machine().spec();
  Toolbar bar(ctx, true, o.toolbar_rows);
  if (o.two_line_labels) bar.two_lines_when_long();
  if (o.lead_buttons) o.lead_buttons(bar);
  for (const ActionInfo& a : spec.actions) {
    if (!a.params.empty() || std::find(o.not_in_toolbar.begin(), o.not_in_toolbar.end(), a.name) !=
                                 o.not_in_toolbar.end()) {
      continue;
    }
    bar.button(a.name.c_str(), button_label(spec, a, ctx.locale));
  }
  if (o.more_buttons) o.more_buttons(bar);
  bar.undo(phrase(ctx.locale, "machine.undo")).draw();
}

// The height the toolbar with every table button and Undo takes, and the gap under it.
float toolbar_room(ViewContext& ctx, const CanvasOptions& o) {
  const MachineSpec& spec = ctx.engine.machine().spec();
  std::vector<std::string> labels;
  for (const ActionInfo& a : spec.actions) {
    if (a.params.empty()) labels.push_back(button_label(spec, a, ctx.locale));
  }
  labels.emplace_back(phrase(ctx.locale, "machine.undo"));
  const ToolbarPlan plan = plan_toolbar_for(labels, o.toolbar_rows);
  return std::max(plan.height, ImGui::GetFrameHeight()) + ImGui::GetStyle().ItemSpacing.y;
}

}  // namespace

std::string button_label(const MachineSpec& spec, const ActionInfo& action,
                         std::string_view locale) {
  for (const std::string& id :
       {"canvas." + kind_folder(spec.kind) + "." + action.name, "machine." + action.name}) {
    if (messages().has(locale, id) || messages().has("en", id)) return phrase(locale, id);
  }
  std::string help = action.key_help.empty() ? action.name : action.key_help.in(locale);
  if (!help.empty() && help[0] >= 'a' && help[0] <= 'z') help[0] = static_cast<char>(help[0] - 32);
  return help;
}

CanvasFrame::CanvasFrame(ViewContext& context, const CanvasOptions& o)
    : ctx(context), focus_(current_focus(context.engine)) {
  const bool operate = ctx.engine.step().kind == StepKind::operate;
  const float top = ImGui::GetCursorPosY();
  const float reserved = o.keep_toolbar_room ? toolbar_room(ctx, o) : 0;
  if (operate) {
    if (o.above_toolbar) o.above_toolbar();
    table_toolbar(ctx, o);
  } else if (o.skips_demo && ctx.engine.step().kind == StepKind::demo && ctx.motion.demo < 1) {
    if (ImGui::Button(phrase(ctx.locale, "machine.skip"))) ctx.skip_animation = true;
  }
  ImGui::SetCursorPosY(std::max(ImGui::GetCursorPosY(), top + reserved));
  area_ = remaining_area();
  if (o.clickable) {
    ImGui::InvisibleButton("##picture", ImVec2(area_.width(), area_.height()),
                           ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
    hovered_ = ImGui::IsItemHovered();
  } else {
    claim(area_);
  }
  dl_ = ImGui::GetWindowDrawList();
  dl_->PushClipRect(draw::v(area_.x0, area_.y0), draw::v(area_.x1, area_.y1), true);
}

CanvasFrame::~CanvasFrame() {
  dl_->PopClipRect();
}

const Machine& CanvasFrame::on_entry() const {
  const Engine& e = ctx.engine;
  if (!sets_up_machine(e.lesson(), e.step())) return e.machine();
  struct Cached {
    std::shared_ptr<const Lesson> lesson;
    int step = -1;
    std::unique_ptr<Machine> machine;
  };
  static Cached cached;
  if (cached.lesson != e.lesson_ptr() || cached.step != e.step_index()) {
    const Step& step = e.step();
    auto m = e.lesson().machine_of(step).clone();
    for (const auto& [key, value] : step.setup.items())
      m->set(key, value);
    if (step.kind != StepKind::operate) {
      for (const auto& a : step.actions)
        m->apply(a);
    }
    cached = {e.lesson_ptr(), e.step_index(), std::move(m)};
  }
  return *cached.machine;
}

PartFocus CanvasFrame::part(std::string_view id) const {
  return focus_.part(ctx.engine.machine().spec(), id);
}

bool CanvasFrame::clicked(ImGuiMouseButton button) const {
  return hovered_ && ImGui::IsMouseClicked(button);
}

Signal CanvasFrame::signal(Signal s, std::string_view var) const {
  const Engine& e = ctx.engine;
  const bool at_goal = e.step().kind == StepKind::operate && e.goal_met();
  return s == Signal::fault && at_goal && focus_.explains(var) ? Signal::warn : s;
}

void CanvasFrame::record(Marks marks) const {
  const MachineSpec& spec = ctx.engine.machine().spec();
  for (Mark& m : marks) {
    m.state = signal(m.state, m.var);
    if (m.var.empty()) continue;
    bool drawn = false, shown = false;
    for (std::size_t k = 0; k < spec.picture.size(); ++k) {
      const auto& vars = spec.picture[k].variables;
      if (std::find(vars.begin(), vars.end(), m.var) == vars.end()) continue;
      drawn = true;
      shown = shown || focus_.part(spec, spec.picture[k].id) == PartFocus::shown;
    }
    m.faded = m.faded || (drawn && !shown);
  }
  ctx.record(std::move(marks));
}

void CanvasFrame::callout(const Callout& c) const {
  draw_callout(dl_, c, ctx.locale);
  ctx.record_view(c.view);
}

void CanvasFrame::fade(int first_vertex) const {
  draw::fade_since(dl_, first_vertex, faded_alpha);
}

}  // namespace lessonsim::ui
