// The whole lesson window's content: menu, progress, the step, the machine, Back / Continue.
// Every click and key becomes an Action passed to Engine::apply; nothing here judges answers.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "instructor_menu.hpp"
#include "lessonsim/engine.hpp"
#include "view_context.hpp"

namespace lessonsim::ui {

class LessonScreen {
 public:
  LessonScreen(std::shared_ptr<const Lesson> lesson, std::string locale, bool reduce_motion);

  // Builds one frame between ImGui::NewFrame and ImGui::Render; `dt` in seconds.
  void frame(float dt);

  // One move through the engine, its events reflected on screen.
  Events apply(const Action& action);

  bool animating() const { return motion_.animating(); }
  void finish_animations();

  const Engine& engine() const { return engine_; }
  // Picks up a saved state (Engine::save); false, and nothing changed, when it does not fit.
  bool resume(const nlohmann::json& saved);
  const std::string& locale() const { return locale_; }
  bool reduce_motion() const { return reduce_motion_; }
  void set_reduce_motion(bool on) {
    reduce_motion_ = on;
    if (on) finish_animations();
  }
  void set_locale(std::string locale) { locale_ = std::move(locale); }
  // The events of every move since the last call, for the app to log; cleared when taken.
  Events take_events() { return std::exchange(events_, {}); }
  // Every action passed to Engine::apply, in order.
  const std::vector<Action>& applied() const { return applied_; }
  // Where a named click target (model, add_gpu, continue, back, choice1…) was drawn last frame.
  std::optional<Rect> target(std::string_view name) const;
  // A one-time message in the window (e.g. the font fell back).
  void set_notice(std::string notice) { notice_ = std::move(notice); }
  // Until the learner's next move, which clears it.
  const std::string& notice() const { return notice_; }
  // A quiet line at the end of the menu bar, kept until replaced ("3 statements waiting for
  // the LRS"); empty: none.
  void set_status(std::string status) { status_ = std::move(status); }
  // Hot reload: carries on in `resumed` (an engine on the edited lesson), animations skipped.
  void swap_lesson(Engine resumed);
  InstructorMenu& instructor() { return instructor_; }
  // Each frame, the canvas's marks, callouts and texts go here (cleared first); null: not
  // recorded.
  void record_picture(Picture* sink) { picture_ = sink; }
  // The learner's machine moves since entering the step, and whether one of them was a zoom
  // (which may rescale the picture; no other move may).
  int moves_on_step() const { return moves_on_step_; }
  bool zoomed_on_step() const { return zoomed_on_step_; }

  // What only the app can do; each flag is cleared when taken.
  struct Requests {
    bool quit = false;
    bool settings_changed = false;
    std::string open_lesson;  // the course's next lesson, by id, once this one is finished
    std::optional<nlohmann::json> save_playthrough;  // a recording to append to the lesson file
    bool open_map = false;                           // Course map (M, Esc)
    bool open_settings = false;                      // Settings (S, F2)
    bool open_class = false;                         // Instructor → Class
  };
  Requests take_requests();

 private:
  friend class InstructorMenu;
  void menu_bar(ViewContext& ctx);
  // The bar's menus by position (Lesson, Language, View, Help, Instructor): in the bar, or as a
  // submenu of the "…" menu when the bar is too narrow.
  void menu(int which, ViewContext& ctx);
  void popups();
  void header(bool compact);
  void body(ViewContext& ctx);
  // Whether the current step draws its machine: the one place that decides it.
  bool shows_machine() const;
  // What answers the learner now (the step's feedback, a refusal), or once the lesson is
  // finished the "Lesson complete" card (its Next lesson and Restart are in the footer).
  void feedback(ViewContext& ctx, bool pinned);
  void completion(ViewContext& ctx);
  void footer(ViewContext& ctx);
  void finished_buttons(ViewContext& ctx);
  bool finished_row_fits() const;
  std::string restart_label() const;
  void restart_button(ViewContext& ctx);
  void keyboard(ViewContext& ctx);
  void entered_step();

  std::shared_ptr<const Lesson> lesson_;
  Engine engine_;
  std::string locale_;
  bool reduce_motion_ = false;
  Motion motion_;
  std::vector<Action> applied_;
  Events events_;
  std::map<std::string, Rect, std::less<>> targets_;
  LocalizedText rejected_;
  std::string notice_;
  std::string status_;
  int scroll_frames_ = 0;  // frames left to keep new feedback scrolled into view
  // Beside the machine, the heights the narration and the feedback took on the last frame.
  float narration_h_ = 0, feedback_h_ = 0;
  bool open_about_ = false, open_keys_ = false;
  Requests requests_;
  InstructorMenu instructor_;
  Picture* picture_ = nullptr;
  int moves_on_step_ = 0;
  bool zoomed_on_step_ = false;
};

}  // namespace lessonsim::ui
