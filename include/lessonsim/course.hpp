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
  std::filesystem::path file;            // resolved against the course file's folder
  std::shared_ptr<const Lesson> lesson;  // null when the lesson does not load
};

struct Course {
  std::string id;
  LocalizedText title;
  std::vector<CourseEntry> lessons;

  int index_of(std::string_view lesson_id) const;  // -1 when absent
};

// Reads the course and every lesson it lists. Reports, located in the course file: a missing or
// unreadable lesson file, a file outside the course's folder (absolute, `..`, or a symlink out),
// an id that is no id or differs from the lesson's own, a lesson listed twice, and a lesson whose
// `next` disagrees with the path. Lesson errors are reported in their own files; each file is
// read once however often it is listed.
std::optional<Course> load_course(const std::filesystem::path& path, Diagnostics& diags,
                                  std::vector<Diagnostics>* lesson_diags = nullptr);
// The same, but the course is returned whenever it could be read, errors or not, so its ids can
// still be checked against (`check` does that for the lessons beside it).
std::optional<Course> read_course(const std::filesystem::path& path, Diagnostics& diags,
                                  std::vector<Diagnostics>* lesson_diags = nullptr);

// A lesson file as `check` saw it: enough to relate it to the others and to its course.
struct LessonSummary {
  std::string file;
  std::string id;
  SourcePos id_pos;
  std::string next;
  SourcePos next_pos;
};

// Two files of one run with the same lesson id: an error at each later file's "id".
std::vector<Diagnostic> duplicate_lesson_ids(const std::vector<LessonSummary>& lessons);

// The lessons of one folder against that folder's course: a lesson the course does not list is a
// warning (a draft); a draft's `next` that names no lesson of the course is an error; a listed
// lesson's `next` that is not the course's following lesson is an error at its "next" (only when
// `course_reported` is false, since the course file reports it otherwise).
std::vector<Diagnostic> check_against_course(const std::vector<LessonSummary>& lessons,
                                             const Course& course, const std::string& course_file,
                                             bool course_reported);

}  // namespace lessonsim
