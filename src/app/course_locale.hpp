// The language a course speaks first: its first lesson's first locale, for a learner who has
// not chosen one yet.
#pragma once

#include <string>

#include "lessonsim/course.hpp"
#include "lessonsim/messages.hpp"

namespace lessonsim::app {

inline std::string course_first_locale(const Course& course) {
  for (const CourseEntry& entry : course.lessons) {
    if (entry.lesson && !entry.lesson->locales.empty()) return entry.lesson->locales.front();
  }
  return std::string(fallback_locale);
}

}  // namespace lessonsim::app
