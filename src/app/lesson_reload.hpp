// The window's instructor side: the open lesson file reloaded on save, recordings appended to it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>

#include <nlohmann/json.hpp>

#include "lesson_screen.hpp"
#include "lessonsim/file_watch.hpp"

namespace lessonsim::app {

class LessonReload {
 public:
  // `seed`: the --seed given to the window, set again on every reloaded version.
  LessonReload(std::filesystem::path path, std::optional<std::int64_t> seed);

  // Another lesson file is open now (the course's next lesson).
  void watch(const std::filesystem::path& path);
  // How long the window may sleep before looking at the file again: short while a save settles.
  double wait_seconds() const;
  // Looks at the file; after a settled save, swaps the edited lesson into `screen` keeping the
  // learner's place, or shows the located errors and keeps the last good version. True when
  // the screen has something new to draw.
  bool poll(ui::LessonScreen& screen);
  // Appends a recorded playthrough to the lesson file once it replays green on the file's
  // lesson, and says how it went in the screen's notice.
  void save_recording(ui::LessonScreen& screen, nlohmann::json playthrough);

 private:
  void reload(ui::LessonScreen& screen);

  std::filesystem::path path_;
  std::optional<std::int64_t> seed_;
  FileWatch watch_;
};

}  // namespace lessonsim::app
