// The instructor's tools in the lesson window: jump to a step, record by playing, reload errors.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lessonsim/recording.hpp"

namespace lessonsim::ui {

class LessonScreen;

class InstructorMenu {
 public:
  // The "Instructor" menu, drawn inside the open menu bar; what it does goes through `screen`.
  void menu(LessonScreen& screen);
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
  void overlay(const std::string& locale);

 private:
  std::optional<PlaythroughRecorder> recorder_;
  std::string recording_name_;
  char name_[96] = "recorded in the window";
  std::vector<std::string> reload_errors_;
};

}  // namespace lessonsim::ui
