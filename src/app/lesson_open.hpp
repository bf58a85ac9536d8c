// Opening a lesson for a window (the desktop's or the browser's): the default lesson, loading
// with diagnostics, the locale to show, the course beside it.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "lessonsim/course.hpp"
#include "lessonsim/lesson.hpp"

namespace lessonsim::app {

// The course file beside a lesson (lessons/course.json), loaded; nullopt when absent or broken.
std::optional<Course> course_beside(const std::filesystem::path& lesson_path);

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
