#include "lesson_open.hpp"

#include <iostream>

#include "commands.hpp"
#include "locale_option.hpp"
#include "lessonsim/diagnostics.hpp"
#include "lessonsim/lesson_locale.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/share_dir.hpp"

namespace lessonsim::app {

namespace fs = std::filesystem;

fs::path default_lesson_path() {
  return lessons_dir() / "datacenter-split.json";
}

std::shared_ptr<const Lesson> load_for_window(const fs::path& path, int& exit_code) {
  Diagnostics diags(path.string());
  auto lesson = load_lesson_file(path, diags);
  for (const auto& d : diags.all())
    std::cerr << format_gcc(d) << '\n';
  if (!lesson) {
    exit_code =
        diags.all().size() == 1 && diags.all()[0].pos.line == 0 ? exit_environment : exit_wrong;
  }
  return lesson;
}

std::string pick_locale(const Lesson& lesson, const std::string& wanted, bool strict) {
  // A lesson can be shown in its own locales and, its texts in English, in any catalog's; a
  // locale it cannot be shown in gives way to the nearest it has.
  if (!wanted.empty() && lesson_speaks(lesson, wanted)) return wanted;
  if (strict && !wanted.empty()) {
    std::cerr << "lessonsim: error: the lesson has no locale \"" << wanted << "\"\n";
    return {};
  }
  return lesson_locale_for(lesson, wanted);
}

// The course beside a lesson file (lessons/course.json), when there is one that loads.
std::optional<Course> course_beside(const fs::path& lesson_path) {
  fs::path file = lesson_path.parent_path() / "course.json";
  std::error_code ec;
  if (!fs::exists(file, ec)) return std::nullopt;
  Diagnostics diags(file.string());
  auto course = load_course(file, diags);
  for (const auto& d : diags.all())
    std::cerr << format_gcc(d) << '\n';
  return course;
}

}  // namespace lessonsim::app
