// The instructor's tools in the lesson window: jump to a step, record by playing, reload errors.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lessonsim/recording.hpp"
#include "lessonsim/state_explorer.hpp"
#include "view_context.hpp"

namespace lessonsim::ui {

class LessonScreen;

class InstructorMenu {
 public:
  // The "Instructor" menu, drawn inside the open menu bar: a jump to a step is a move of the
  // frame (`ctx`); starting a recording waits for after_frame.
  void menu(LessonScreen& screen, ViewContext& ctx);
  // What the menu and the explorer asked for this frame, done once the frame's moves are
  // applied, so no part of a frame is drawn from a state another part has left.
  void after_frame(LessonScreen& screen);
  // Every move the screen applies, so that a recording sees it.
  void observe(const Action& action, const Events& events, const Engine& after);

  // Starts the recording at the current step: the lesson starts afresh and goes to that step, as
  // the replay will. `name` is what the playthrough will be called.
  void start_recording(LessonScreen& screen, const std::string& name);
  // Ends the recording and hands the playthrough to the app (Requests::save_playthrough).
  void stop_recording(LessonScreen& screen);
  bool recording() const { return recorder_.has_value(); }

  // The located errors of the lesson file's last save (empty: the save was good); shown over the
  // lesson until a good save clears them.
  void set_reload_errors(std::vector<std::string> errors) { reload_errors_ = std::move(errors); }
  const std::vector<std::string>& reload_errors() const { return reload_errors_; }
  // The errors of the file's playthroughs when nothing else is wrong: the edited lesson shows,
  // and these are listed as warnings until a save without them.
  void set_reload_warnings(std::vector<std::string> warnings) {
    reload_warnings_ = std::move(warnings);
  }
  const std::vector<std::string>& reload_warnings() const { return reload_warnings_; }
  // The reload's errors or warnings as a panel in the lesson window's flow, above the lesson,
  // so it pushes the lesson down instead of covering it; nothing when the last save was clean.
  void panel(const std::string& locale);

  // The state explorer of the current operate step (computed once per lesson version and step);
  // `pick(group, state)` puts the machine in that state, as the menu item does.
  const Exploration& exploration(const LessonScreen& screen);
  bool pick(LessonScreen& screen, std::size_t group, std::size_t state);
  // The explorer's window (Instructor → Explore states…), beside the lesson while it is open.
  void open_explorer() { explorer_open_ = true; }
  void explorer_window(LessonScreen& screen);

 private:
  std::optional<PlaythroughRecorder> recorder_;
  std::optional<std::string> pending_recording_;                     // its name
  std::optional<std::pair<std::size_t, std::size_t>> pending_pick_;  // group, state
  std::string recording_name_;
  char name_[96] = "recorded in the window";
  std::vector<std::string> reload_errors_;
  std::vector<std::string> reload_warnings_;

  void explorer_menu(LessonScreen& screen);
  Exploration explored_;
  std::shared_ptr<const Lesson> explored_lesson_;  // the version `explored_` belongs to
  int explored_step_ = -1;
  bool explorer_open_ = false;
};

}  // namespace lessonsim::ui
