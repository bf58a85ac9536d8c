#include "lessonsim/journey.hpp"

#include <algorithm>

#include "lessonsim/engine.hpp"
#include "lessonsim/review_queue.hpp"

namespace lessonsim {

const char* lesson_state_name(LessonState state) {
  switch (state) {
    case LessonState::done:
      return "done";
    case LessonState::in_progress:
      return "in_progress";
    case LessonState::next:
      return "next";
    case LessonState::later:
      return "later";
  }
  return "later";
}

std::vector<PathEntry> course_path(const Course& course, const std::vector<SavedLesson>& saved) {
  std::vector<PathEntry> path;
  bool next_given = false;
  for (const auto& entry : course.lessons) {
    PathEntry p{entry.id, entry.lesson, LessonState::later, -1, {}};
    auto it = std::find_if(saved.begin(), saved.end(),
                           [&](const SavedLesson& s) { return s.lesson_id == entry.id; });
    if (it != saved.end() && it->done) {
      p.state = LessonState::done;
      p.done_at = it->done_at;
    } else if (it != saved.end()) {
      p.state = LessonState::in_progress;
      // The saved state may have been edited by hand: a step that is not a string is no step.
      auto step = it->state.is_object() ? it->state.find("step") : it->state.end();
      if (entry.lesson && step != it->state.end() && step->is_string()) {
        p.step = entry.lesson->step_index(step->get<std::string>());
      }
    } else if (!next_given) {
      p.state = LessonState::next;
      next_given = true;
    }
    path.push_back(std::move(p));
  }
  return path;
}

int lesson_to_continue(const std::vector<PathEntry>& path) {
  for (auto state : {LessonState::in_progress, LessonState::next}) {
    for (std::size_t k = 0; k < path.size(); ++k) {
      if (path[k].state == state && path[k].lesson) return static_cast<int>(k);
    }
  }
  return -1;
}

const Step* summary_step(const Lesson& lesson) {
  for (const auto& s : lesson.steps) {
    if (s.kind == StepKind::summary) return &s;
  }
  return nullptr;
}

std::string summary_text(const std::shared_ptr<const Lesson>& lesson, LocalizedText Step::*text,
                         std::string_view locale) {
  const Step* summary = lesson ? summary_step(*lesson) : nullptr;
  if (!summary || (summary->*text).empty()) return {};
  Engine engine(lesson);
  engine.apply(Action::with("goto", "step", summary->id));
  return engine.render(summary->*text, locale);
}

bool answer_is_right(const Step& step, int choice) {
  return choice >= 0 && choice == step.answer;
}

std::vector<ReviewItem> review_items(const Course& course, const std::vector<DueCard>& due) {
  std::vector<ReviewItem> items;
  for (const auto& card : due) {
    int at = course.index_of(card.lesson_id);
    if (at < 0) continue;
    auto lesson = course.lessons[static_cast<std::size_t>(at)].lesson;
    if (!lesson) continue;
    int step = lesson->step_index(card.step_id);
    if (step < 0) continue;
    const Step& s = lesson->steps[static_cast<std::size_t>(step)];
    if (card.kind == "practice") {
      std::string error;
      auto item = s.practice ? practice_lesson(*lesson, s, card.seed, error) : nullptr;
      if (item) items.push_back({card, lesson, step, item, draw_variant(*lesson, s, card.seed)});
    } else if (s.kind == StepKind::quiz) {
      items.push_back({card, lesson, step, nullptr, nlohmann::json::object()});
    }
  }
  return interleave(std::move(items));
}

}  // namespace lessonsim
