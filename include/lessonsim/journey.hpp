// The learner's path through the course: where each lesson stands, and what finishing one gave.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "lessonsim/course.hpp"
#include "lessonsim/progress.hpp"

namespace lessonsim {

// `next` is the first lesson not yet started; everything after it is `later` (shown, not hidden).
enum class LessonState { done, in_progress, next, later };
const char* lesson_state_name(LessonState state);

struct PathEntry {
  std::string id;
  std::shared_ptr<const Lesson> lesson;  // null when the lesson's file does not load
  LessonState state = LessonState::later;
  int step = -1;  // in progress: the step the learner is on
  std::string done_at;
};

std::vector<PathEntry> course_path(const Course& course, const std::vector<SavedLesson>& saved);

// The lesson one click or key away: the first in progress, else the next; -1 when all are done.
int lesson_to_continue(const std::vector<PathEntry>& path);

// The lesson's first summary step (its key idea and what the learner can now do), or null.
const Step* summary_step(const Lesson& lesson);

// One of the summary step's texts (its key idea, what the learner can now do) as that step shows
// it, its {placeholders} filled from the machine the step sets up: for the pages that show it
// away from the lesson (the course map, the capability card). Empty when the lesson has no
// summary or the text is empty.
std::string summary_text(const std::shared_ptr<const Lesson>& lesson, LocalizedText Step::*text,
                         std::string_view locale);

// Whether the learner answered `choice` rightly on a quiz or predict step. Review grading goes
// through here so that the UI never judges answers itself.
bool answer_is_right(const Step& step, int choice);

// A due review card with the quiz step it asks again, or a practice item with the seeded lesson
// it plays; cards whose lesson or step is gone (or whose variant no longer sets up) are left
// out. Items come interleaved: no two in a row from one lesson while another lesson has some.
struct ReviewItem {
  DueCard due;
  std::shared_ptr<const Lesson> lesson;
  int step = -1;
  std::shared_ptr<const Lesson> practice;              // practice: the item's own small lesson
  nlohmann::json settings = nlohmann::json::object();  // practice: the variant's settings
  bool is_practice() const { return practice != nullptr; }
  const Step& quiz() const { return lesson->steps[static_cast<std::size_t>(step)]; }
};
std::vector<ReviewItem> review_items(const Course& course, const std::vector<DueCard>& due);

}  // namespace lessonsim
