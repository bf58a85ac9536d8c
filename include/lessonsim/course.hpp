// The course's path (`lessons/course.json`): its lessons in order, checked against their files.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "lessonsim/diagnostics.hpp"
#include "lessonsim/lesson.hpp"

namespace lessonsim {

struct CourseEntry {
  std::string id;
  std::filesystem::path file;  // resolved against the course file's folder
  std::shared_ptr<const Lesson> lesson;  // null when the lesson does not load
};

struct Course {
  std::string id;
  LocalizedText title;
  std::vector<CourseEntry> lessons;

  int index_of(std::string_view lesson_id) const;  // -1 when absent
};

// Reads the course and every lesson it lists. Reports, located in the course file: a missing or
// unreadable lesson file, an id that differs from the lesson's own, a lesson listed twice, and a
// lesson whose `next` disagrees with the path. Lesson errors are reported in their own files.
std::optional<Course> load_course(const std::filesystem::path& path, Diagnostics& diags,
                                  std::vector<Diagnostics>* lesson_diags = nullptr);

}  // namespace lessonsim
