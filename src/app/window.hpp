// `lessonsim` with no subcommand: the lesson in a window, drawn only when something changes.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

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

// The course file beside a lesson (lessons/course.json), loaded; nullopt when absent or broken.
std::optional<Course> course_beside(const std::filesystem::path& lesson_path);

// card.png: the capability card drawn alone offscreen in `window`'s GL context.
bool paint_card(GlWindow& window, const CapabilityCard& card, const std::filesystem::path& png,
                std::string& error);
void paint_cards_with(GlWindow& window, Journey& journey);

// The lesson the window opens by default: lessons/datacenter-split.json beside the assets
// folder, else in the source tree.
std::filesystem::path default_lesson_path();

// Loads a lesson for a window or a screenshot, printing diagnostics; null with `exit_code` set.
std::shared_ptr<const Lesson> load_for_window(const std::filesystem::path& path, int& exit_code);

// The locale to show: the one asked for when the lesson has it, else lesson_locale_for's choice
// (the same language, English, the lesson's first). With `strict`, empty (and a message
// printed) when `wanted` names a locale the lesson lacks.
std::string pick_locale(const Lesson& lesson, const std::string& wanted, bool strict);

}  // namespace lessonsim::app
