#include "lesson_screen.hpp"

#include "move_motion.hpp"

#include <algorithm>
#include <cstdio>

#include "canvas.hpp"
#include "journey_menu.hpp"
#include "lessonsim/messages.hpp"
#include "step_panel.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {

constexpr float demo_seconds = 1.1f;
constexpr float demo_seconds_per_action = 0.9f;  // a demo of three or more moves: a pause on each
constexpr float links_seconds = 0.7f;
// A window fewer text lines tall than this is "compact" (125% and 150% text at 1024×640, 200% at
// either size): tighter spacing and a one-row header leave the body room for the machine beside
// its feedback.
constexpr float compact_below_lines = 26;

bool is_machine_op(const Engine& e, std::string_view op) {
  return find_action(e.machine().spec(), op) != nullptr;
}

}  // namespace

LessonScreen::LessonScreen(std::shared_ptr<const Lesson> lesson, std::string locale,
                           bool reduce_motion)
    : lesson_(lesson), engine_(lesson), locale_(std::move(locale)), reduce_motion_(reduce_motion) {
  entered_step();
}

std::optional<Rect> LessonScreen::target(std::string_view name) const {
  auto it = targets_.find(name);
  if (it == targets_.end()) return std::nullopt;
  return it->second;
}

LessonScreen::Requests LessonScreen::take_requests() {
  Requests r = requests_;
  requests_ = {};
  return r;
}

void LessonScreen::finish_animations() {
  motion_ = {};
}

void LessonScreen::entered_step() {
  rejected_ = {};
  moves_on_step_ = 0;
  zoomed_on_step_ = false;
  motion_ = {};
  if (engine_.step().kind == StepKind::demo && !reduce_motion_) motion_.demo = 0;
}

bool LessonScreen::resume(const nlohmann::json& saved) {
  if (!engine_.restore(saved)) return false;
  entered_step();
  finish_animations();
  return true;
}

void LessonScreen::swap_lesson(Engine resumed) {
  lesson_ = resumed.lesson_ptr();
  engine_ = std::move(resumed);
  entered_step();
  finish_animations();
}

Events LessonScreen::apply(const Action& action) {
  notice_.clear();  // a notice (lesson reloaded, recording saved) is about the last moment only
  applied_.push_back(action);
  std::shared_ptr<const Machine> before;
  if (!reduce_motion_ && is_machine_op(engine_, action.op)) before = engine_.machine().clone();
  Events events = engine_.apply(action);
  instructor_.observe(action, events, engine_);
  events_.insert(events_.end(), events.begin(), events.end());
  bool rejected = false, step_changed = false;
  for (const auto& e : events) {
    switch (e.kind) {
      case EventKind::rejected:
        rejected_ = e.text;
        rejected = true;
        break;
      case EventKind::step_changed:
        step_changed = true;
        break;
      case EventKind::goal_reached:
        if (!reduce_motion_) motion_.links = 0;
        scroll_frames_ = scroll_hold_frames;
        break;
      case EventKind::answer_judged:
      case EventKind::feedback:
        scroll_frames_ = scroll_hold_frames;
        break;
      default:
        break;
    }
  }
  if (step_changed) {
    entered_step();
  } else if (!rejected) {
    rejected_ = {};
    if (is_machine_op(engine_, action.op)) {
      ++moves_on_step_;
      auto* const zooms = canvas_for(engine_.machine().spec().kind).zooms;
      zoomed_on_step_ = zoomed_on_step_ || (zooms && zooms(action.op));
    }
    if (const float seconds = before ? move_seconds(*before, engine_.machine()) : 0; seconds > 0) {
      motion_.change = 0;
      motion_.change_seconds = seconds;
      motion_.before = std::move(before);
    }
  }
  return events;
}

void LessonScreen::frame(float dt) {
  dt = std::clamp(dt, 0.0f, 0.1f);
  const std::size_t demo_moves = engine_.step().actions.size();
  const float demo_length =
      demo_moves >= 3 ? demo_seconds_per_action * static_cast<float>(demo_moves) : demo_seconds;
  if (motion_.demo < 1) motion_.demo = std::min(1.0f, motion_.demo + dt / demo_length);
  if (motion_.links < 1) motion_.links = std::min(1.0f, motion_.links + dt / links_seconds);
  if (motion_.change < 1) {
    motion_.change = std::min(1.0f, motion_.change + dt / motion_.change_seconds);
    if (motion_.change >= 1) motion_.before.reset();
  }

  std::vector<Action> actions;
  targets_.clear();
  ViewContext ctx{engine_, locale_, motion_, actions, targets_, false, scroll_frames_ > 0};
  ctx.picture = picture_;
  if (picture_) picture_->clear();
  // The reveal waits for the links to light up; keep scrolling until it has been laid out, as
  // ImGui clamps a scroll to the previous frame's content height.
  if (motion_.links < 1) {
    scroll_frames_ = scroll_hold_frames;
  } else if (scroll_frames_ > 0) {
    --scroll_frames_;
  }

  const bool compact = ImGui::GetIO().DisplaySize.y < fonts().body->FontSize * compact_below_lines;
  if (compact) {
    const ImGuiStyle& style = ImGui::GetStyle();
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding,
                        ImVec2(style.WindowPadding.x * 0.5f, style.WindowPadding.y * 0.5f));
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding,
                        ImVec2(style.FramePadding.x * 0.6f, style.FramePadding.y * 0.5f));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing,
                        ImVec2(style.ItemSpacing.x, style.ItemSpacing.y * 0.6f));
    ImGui::PushStyleVar(ImGuiStyleVar_ScrollbarSize, style.ScrollbarSize * 0.6f);
  }
  begin_screen("lessonsim");
  menu_bar(ctx);
  keyboard(ctx);
  header(compact);
  instructor_.panel(locale_);
  body(ctx);
  footer(ctx);
  popups();
  ImGui::End();
  if (compact) ImGui::PopStyleVar(4);
  instructor_.explorer_window(*this);
  ImGui::PopFont();

  if (ctx.skip_animation) finish_animations();
  // Every move of the frame, in the order it was made, once the whole frame has been drawn
  // from one state; then what the instructor's tools asked for.
  for (const auto& a : actions)
    apply(a);
  instructor_.after_frame(*this);
}

namespace {

// The progress bar: one segment per step, done, current and to come, `width` wide from `at`;
// returns its height.
float progress_segments(ImVec2 at, float width, int total, int current) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  float unit = ImGui::GetFontSize() / 20.0f;  // one pixel at the display scale
  float gap = 4 * unit, h = 6 * unit;
  float seg =
      (width - gap * static_cast<float>(total - 1)) / static_cast<float>(std::max(total, 1));
  for (int k = 0; k < total; ++k) {
    float x = at.x + static_cast<float>(k) * (seg + gap);
    ImU32 c = k < current ? palette::accent : k == current ? palette::slice_a : palette::gauge;
    dl->AddRectFilled(ImVec2(x, at.y), ImVec2(x + seg, at.y + h), c, h * 0.5f);
  }
  return h;
}

}  // namespace

void LessonScreen::header(bool compact) {
  const Lesson& l = *lesson_;
  int total = static_cast<int>(l.steps.size());
  int current = engine_.step_index();
  std::string progress_text =
      tr(locale_, Message("lesson.step_of").num("step", current + 1).num("steps", total));
  const char* progress = progress_text.c_str();
  float progress_w = ImGui::CalcTextSize(progress).x;
  float avail = ImGui::GetContentRegionAvail().x;
  if (compact) {
    // Large text in a small window: the progress bar and the step count on one row, without
    // the lesson's title (the course map shows it), so that the body keeps its room.
    ImVec2 p = ImGui::GetCursorScreenPos();
    float line = ImGui::GetTextLineHeight();
    float bar_w = std::max(avail - progress_w - ImGui::GetStyle().ItemSpacing.x * 2, 0.0f);
    float unit = ImGui::GetFontSize() / 20.0f;
    progress_segments(ImVec2(p.x, p.y + (line - 6 * unit) * 0.5f), bar_w, total, current);
    ImGui::SetCursorScreenPos(ImVec2(p.x + avail - progress_w, p.y));
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::muted), "%s", progress);
    return;
  }
  ImGui::PushFont(fonts().title);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + std::max(avail - progress_w - 40, 100.0f));
  ImGui::TextUnformatted(l.title.in(locale_).c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopFont();
  ImVec2 title_max = ImGui::GetItemRectMax();
  ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - progress_w);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::muted), "%s", progress);

  ImVec2 p = ImGui::GetCursorScreenPos();
  p.y = std::max(p.y - ImGui::GetStyle().ItemSpacing.y * 0.5f, title_max.y + 4);
  float h = progress_segments(p, avail, total, current);
  ImGui::SetCursorScreenPos(ImVec2(p.x, p.y + h));
  ImGui::Dummy(ImVec2(avail, ImGui::GetFontSize() * 0.2f));
}

void LessonScreen::footer(ViewContext& ctx) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec2 p = ImGui::GetCursorScreenPos();
  float w = ImGui::GetContentRegionAvail().x;
  dl->AddLine(ImVec2(p.x, p.y + 2), ImVec2(p.x + w, p.y + 2), palette::panel_border);
  ImGui::Dummy(ImVec2(w, ImGui::GetStyle().ItemSpacing.y * 0.5f));
  auto record = [&](const char* name) {
    ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    ctx.target(name, {a.x, a.y, b.x, b.y});
  };
  if (engine_.step_index() > 0) {
    if (ImGui::Button((std::string("← ") + phrase(locale_, "lesson.back")).c_str())) {
      ctx.push(Action::make("back"));
    }
    record("back");
    ImGui::SameLine();
  }
  if (!notice_.empty()) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::muted), "%s", notice_.c_str());
    ImGui::SameLine();
  }
  if (engine_.finished()) {
    finished_buttons(ctx);
    return;
  }
  bool last = engine_.step_index() + 1 == static_cast<int>(lesson_->steps.size());
  std::string label = tr(locale_, last ? "lesson.finish" : "lesson.continue") + " →";
  const std::string reason = engine_.render(engine_.continue_blocked(), locale_);
  const ImGuiStyle& style = ImGui::GetStyle();
  float button_w = ImGui::CalcTextSize(label.c_str()).x + style.FramePadding.x * 4;
  float right = ImGui::GetWindowContentRegionMax().x;
  if (!reason.empty()) {
    float reason_w = ImGui::CalcTextSize(reason.c_str()).x;
    float x = right - button_w - style.ItemSpacing.x - reason_w;
    if (x > ImGui::GetCursorPosX()) {
      ImGui::SetCursorPosX(x);
      ImGui::AlignTextToFramePadding();
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::muted), "%s", reason.c_str());
      ImGui::SameLine();
    }
  }
  ImGui::SetCursorPosX(std::max(ImGui::GetCursorPosX(), right - button_w));
  if (primary_button(label.c_str(), reason.empty(), ImVec2(button_w, 0))) {
    ctx.push(Action::make("next"));
  }
  record("continue");
}

namespace {

float button_width(const std::string& label) {
  return ImGui::CalcTextSize(label.c_str()).x + ImGui::GetStyle().FramePadding.x * 2;
}

}  // namespace

std::string LessonScreen::restart_label() const {
  return phrase(locale_, "lesson.restart");
}

bool LessonScreen::finished_row_fits() const {
  // Back, then Restart and Next lesson at the right, on the footer's row.
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  float row = button_width("← " + std::string(phrase(locale_, "lesson.back"))) + spacing +
              button_width(restart_label());
  if (!lesson_->next.empty()) {
    row += spacing + button_width(LocalizedText::of("lesson.next_lesson").in(locale_));
  }
  // The screen's width inside its padding, from wherever it is asked (the body's panes too).
  return row <= ImGui::GetMainViewport()->WorkSize.x - 2 * ImGui::GetStyle().WindowPadding.x;
}

void LessonScreen::restart_button(ViewContext& ctx) {
  if (ImGui::Button(restart_label().c_str())) ctx.push(Action::make("restart"));
  ctx.target("restart", last_item_rect());
}

void LessonScreen::finished_buttons(ViewContext& ctx) {
  // Where Continue stood: Restart (in the card above when the row is too narrow for it), then
  // the course's next lesson (also Enter), right-aligned.
  const bool with_restart = finished_row_fits();
  const std::string next =
      lesson_->next.empty() ? "" : LocalizedText::of("lesson.next_lesson").in(locale_);
  float both = (with_restart ? button_width(restart_label()) : 0) +
               (next.empty() ? 0 : ImGui::GetStyle().ItemSpacing.x + button_width(next));
  ImGui::SetCursorPosX(
      std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - both));
  if (with_restart) {
    restart_button(ctx);
    ImGui::SameLine();
  }
  if (next.empty()) return;
  if (primary_button(next.c_str(), true)) requests_.open_lesson = lesson_->next;
  ctx.target("next_lesson", last_item_rect());
}

void LessonScreen::keyboard(ViewContext& ctx) {
  ImGuiIO& io = ImGui::GetIO();
  if (keys_taken()) return;
  auto pressed = [](ImGuiKey key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), false); };
  bool go = pressed(ImGuiKey_Enter) || pressed(ImGuiKey_KeyPadEnter) || pressed(ImGuiKey_Space);
  if (motion_.animating() && (go || pressed(ImGuiKey_Escape))) {
    ctx.skip_animation = true;
    return;
  }
  // With the keyboard-navigation cursor shown, Enter and Space belong to the focused button.
  if (go && !io.NavVisible && !engine_.finished()) ctx.push(Action::make("next"));
  if (go && !io.NavVisible && engine_.finished() && !lesson_->next.empty()) {
    requests_.open_lesson = lesson_->next;
  }
  if (pressed(ImGuiKey_Backspace) && engine_.step_index() > 0) ctx.push(Action::make("back"));
  // M and S are the machine's merge and slice where it has them; Esc and F2 always work.
  constexpr int key_f2 = 291;  // GLFW_KEY_F2: ImGui 1.86 has no F-keys of its own
  if (pressed(ImGuiKey_Escape)) requests_.open_map = true;
  if (ImGui::IsKeyPressed(key_f2, false)) requests_.open_settings = true;
  const Step& s = engine_.step();
  for (ImWchar c : io.InputQueueCharacters) {
    if (io.KeyCtrl || io.KeyAlt) break;
    // The machine's own keys first (its spec says which), then M and S for map and settings.
    const ActionInfo* key_action = nullptr;
    for (const ActionInfo& a : engine_.machine().spec().actions) {
      if (a.params.empty() && c < 128 && a.keys.find(static_cast<char>(c)) != std::string::npos &&
          engine_.allows(a.name)) {
        key_action = &a;
        break;
      }
    }
    if (key_action) {
      ctx.push(Action::make(key_action->name));
    } else if (c == 'm' || c == 'M') {
      requests_.open_map = true;
    } else if (c == 's' || c == 'S') {
      requests_.open_settings = true;
    }
    if ((c == 'u' || c == 'U') && engine_.can_undo()) ctx.push(Action::make("undo"));
    bool choosing = s.kind == StepKind::predict || s.kind == StepKind::quiz;
    if (choosing && c >= '1' && c <= '9' && static_cast<std::size_t>(c - '1') < s.choices.size()) {
      ctx.push(Action::with("choose", "i", static_cast<int>(c - '1')));
    }
  }
}

}  // namespace lessonsim::ui
