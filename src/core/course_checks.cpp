// How the lessons checked together relate to each other and to the course beside them.
#include <unordered_map>

#include "lessonsim/course.hpp"

namespace lessonsim {

std::vector<Diagnostic> duplicate_lesson_ids(const std::vector<LessonSummary>& lessons) {
  std::vector<Diagnostic> out;
  std::unordered_map<std::string, const LessonSummary*> first;
  for (const auto& l : lessons) {
    if (l.id.empty()) continue;
    auto [at, fresh] = first.emplace(l.id, &l);
    if (fresh) continue;
    Diagnostics d(l.file);
    d.error(l.id_pos,
            "lesson id \"" + l.id + "\" is already the id of " + at->second->file +
                "; every lesson needs its own (progress and \"next\" go by id)",
            "/id");
    out.push_back(d.all().front());
  }
  return out;
}

std::vector<Diagnostic> check_against_course(const std::vector<LessonSummary>& lessons,
                                             const Course& course, const std::string& course_file,
                                             bool course_reported) {
  std::vector<Diagnostic> out;
  std::unordered_map<std::string, std::size_t> position;
  std::vector<std::string> ids;
  for (std::size_t k = 0; k < course.lessons.size(); ++k) {
    position.emplace(course.lessons[k].id, k);
    ids.push_back(course.lessons[k].id);
  }
  for (const auto& l : lessons) {
    if (l.id.empty()) continue;
    Diagnostics d(l.file);
    auto listed = position.find(l.id);
    if (listed == position.end()) {
      d.warning(l.id_pos,
                "lesson \"" + l.id + "\" is not in " + course_file +
                    ", so no learner reaches it; list it in the course's \"lessons\" unless it "
                    "is a draft",
                "/id");
      if (!l.next.empty() && !position.count(l.next)) {
        std::string close = closest_name(l.next, ids);
        std::string message =
            "\"next\" names \"" + l.next + "\", which is no lesson of " + course_file;
        if (!close.empty()) message += "; did you mean \"" + close + "\"?";
        d.error(l.next_pos.line ? l.next_pos : l.id_pos, message, "/next", close);
      }
    } else if (!course_reported) {
      std::size_t k = listed->second;
      std::string expected = k + 1 < course.lessons.size() ? course.lessons[k + 1].id : "";
      if (l.next != expected) {
        std::string message =
            "\"next\" is \"" + l.next + "\", but " + course_file + " continues with " +
            (expected.empty() ? "nothing (this is its last lesson)" : "\"" + expected + "\"");
        d.error(l.next_pos.line ? l.next_pos : l.id_pos, message, "/next", expected);
      }
    }
    out.insert(out.end(), d.all().begin(), d.all().end());
  }
  return out;
}

}  // namespace lessonsim
