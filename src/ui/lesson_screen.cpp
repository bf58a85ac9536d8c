#include "lesson_screen.hpp"

#include "machine_keys.hpp"
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
  ctx.marks = marks_;
  if (marks_) marks_->clear();
  // The reveal waits for the links to light up; keep scrolling until it has been laid out, as
  // ImGui clamps a scroll to the previous frame's content height.
  if (motion_.links < 1) {
    scroll_frames_ = scroll_hold_frames;
  } else if (scroll_frames_ > 0) {
    --scroll_frames_;
  }

  begin_screen("lessonsim");
  menu_bar(ctx);
  keyboard(ctx);
  header();
  instructor_.panel(locale_);
  body(ctx);
  footer(ctx);
  popups();
  ImGui::End();
  instructor_.explorer_window(*this);
  ImGui::PopFont();

  if (ctx.skip_animation) finish_animations();
  // Every move of the frame, in the order it was made, once the whole frame has been drawn
  // from one state; then what the instructor's tools asked for.
  for (const auto& a : actions)
    apply(a);
  instructor_.after_frame(*this);
}

void LessonScreen::menu_bar(ViewContext& ctx) {
  if (!ImGui::BeginMenuBar()) return;
  std::string_view loc = locale_;
  if (ImGui::BeginMenu(phrase(loc, "menu.lesson"))) {
    if (ImGui::MenuItem(phrase(loc, "lesson.course_map"), "M, Esc")) {
      requests_.open_map = true;
    }
    if (ImGui::MenuItem(phrase(loc, "menu.restart"))) ctx.push(Action::make("restart"));
    if (ImGui::MenuItem(phrase(loc, "menu.quit"))) requests_.quit = true;
    ImGui::EndMenu();
  }
  // Click targets for tests: the menu's label where the cursor stands, then each language.
  const char* language = phrase(loc, "menu.language");
  ImVec2 at = ImGui::GetCursorScreenPos();
  targets_["language"] = {at.x, at.y, at.x + ImGui::CalcTextSize(language).x,
                          at.y + ImGui::GetFrameHeight()};
  if (ImGui::BeginMenu(language)) {
    for (const auto& l : messages().choosable(lesson_->locales)) {
      std::string name = messages().language_name(l);
      bool picked = ImGui::MenuItem(name.c_str(), nullptr, l == locale_);
      targets_["language:" + l] = last_item_rect();
      if (picked && l != locale_) {
        locale_ = l;
        requests_.settings_changed = true;
      }
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu(phrase(loc, "menu.view"))) {
    if (ImGui::MenuItem(phrase(loc, "lesson.settings"), "S, F2")) {
      requests_.open_settings = true;
    }
    if (ImGui::MenuItem(phrase(loc, "menu.reduce_motion"), nullptr, reduce_motion_)) {
      reduce_motion_ = !reduce_motion_;
      if (reduce_motion_) finish_animations();
      requests_.settings_changed = true;
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu(phrase(loc, "menu.help"))) {
    if (ImGui::MenuItem(phrase(loc, "menu.keys"))) open_keys_ = true;
    if (ImGui::MenuItem(phrase(loc, "menu.about"))) open_about_ = true;
    ImGui::EndMenu();
  }
  instructor_.menu(*this, ctx);
  ImGui::EndMenuBar();
}

void LessonScreen::popups() {
  std::string_view loc = locale_;
  std::string about = tr(loc, "about.title");
  std::string keys = tr(loc, "keys.title");
  if (open_about_) ImGui::OpenPopup("##about");
  if (open_keys_) ImGui::OpenPopup("##keys");
  open_about_ = open_keys_ = false;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  float width = std::min(vp->WorkSize.x * 0.8f, ImGui::GetFontSize() * 28);
  auto modal = [&](const char* id, const std::string& title, const std::string& body) {
    ImGui::SetNextWindowPos(
        ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
        ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(width, 0));
    if (!ImGui::BeginPopupModal(id, nullptr,
                                ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_AlwaysAutoResize)) {
      return;
    }
    wrapped_text(title, fonts().title);
    wrapped_text(body);
    ImGui::Dummy(ImVec2(1, ImGui::GetFontSize() * 0.5f));
    if (primary_button(phrase(loc, "dialog.close"), true) ||
        ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  };
  modal("##about", about, tr(loc, "about.body") + "\n\nlessonsim " + LESSONSIM_VERSION);
  modal("##keys", keys, tr(loc, "keys.body") + machine_keys(engine_.machine().spec(), loc));
}

void LessonScreen::header() {
  const Lesson& l = *lesson_;
  int total = static_cast<int>(l.steps.size());
  int current = engine_.step_index();
  std::string progress_text =
      tr(locale_, Message("lesson.step_of").num("step", current + 1).num("steps", total));
  const char* progress = progress_text.c_str();
  float progress_w = ImGui::CalcTextSize(progress).x;
  float avail = ImGui::GetContentRegionAvail().x;
  ImGui::PushFont(fonts().title);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + std::max(avail - progress_w - 40, 100.0f));
  ImGui::TextUnformatted(l.title.in(locale_).c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopFont();
  ImVec2 title_max = ImGui::GetItemRectMax();
  ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - progress_w);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::muted), "%s", progress);

  // One segment per step: done, current, to come.
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec2 p = ImGui::GetCursorScreenPos();
  p.y = std::max(p.y - ImGui::GetStyle().ItemSpacing.y * 0.5f, title_max.y + 4);
  float unit = ImGui::GetFontSize() / 20.0f;  // one pixel at the display scale
  float w = avail, gap = 4 * unit, h = 6 * unit;
  float seg = (w - gap * static_cast<float>(total - 1)) / static_cast<float>(std::max(total, 1));
  for (int k = 0; k < total; ++k) {
    float x = p.x + static_cast<float>(k) * (seg + gap);
    ImU32 c = k < current ? palette::accent : k == current ? palette::slice_a : palette::gauge;
    dl->AddRectFilled(ImVec2(x, p.y), ImVec2(x + seg, p.y + h), c, h * 0.5f);
  }
  ImGui::SetCursorScreenPos(ImVec2(p.x, p.y + h));
  ImGui::Dummy(ImVec2(w, ImGui::GetFontSize() * 0.2f));
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
  if (engine_.finished()) return;
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
