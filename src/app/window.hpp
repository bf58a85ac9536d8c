// `lessonsim` with no subcommand: the lesson in a window, drawn only when something changes.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "lesson_open.hpp"
#include "lessonsim/capability_card.hpp"
#include "lessonsim/course.hpp"
#include "lessonsim/lesson.hpp"

namespace lessonsim::app {

struct WindowOptions {
  std::string course;  // a course bundle (COURSE.lessonsim) to open at its first lesson
  std::string lesson;
  std::string step;
  std::string locale;
  std::string data_dir;
  int exit_after_frames = 0;         // 0: run until the learner closes the window
  std::optional<std::int64_t> seed;  // the lab machine's brief
};

void add_window_options(CLI::App& root, WindowOptions& options);
int run_window(const WindowOptions& options);

class GlWindow;
class Journey;

// card.png: the capability card drawn alone offscreen in `window`'s GL context.
bool paint_card(GlWindow& window, const CapabilityCard& card, const std::filesystem::path& png,
                std::string& error);
void paint_cards_with(GlWindow& window, Journey& journey);

}  // namespace lessonsim::app
