#include "lessonsim/session.hpp"

#include <cstdio>

namespace lessonsim {

std::string content_hash(std::string_view text) {
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

Session::Session(std::shared_ptr<const Lesson> lesson, std::string lesson_hash,
                 ProgressStore* store, std::int64_t today)
    : engine_(std::move(lesson)), hash_(std::move(lesson_hash)), store_(store), today_(today) {
  if (!store_) return;
  auto saved = store_->lesson(engine_.lesson().id);
  if (!saved) return;
  bool edited = saved->lesson_hash != hash_;
  if (engine_.restore(saved->state)) {
    outcome_ = edited ? ResumeOutcome::resumed_edited : ResumeOutcome::resumed;
  } else {
    // The saved step is gone (or the save does not fit this lesson): keep what the learner
    // achieved, and start the lesson from its beginning.
    outcome_ = ResumeOutcome::restarted;
  }
}

Events Session::apply(const Action& action) {
  Events events = engine_.apply(action);
  save(events);
  return events;
}

void Session::save(const Events& events) {
  if (!store_) return;
  bool refused = events.size() == 1 && events[0].kind == EventKind::rejected;
  if (refused) return;
  const Lesson& lesson = engine_.lesson();
  std::vector<ProgressStore::LoggedEvent> logged;
  bool finished = false;
  for (const auto& e : events) {
    if (e.kind == EventKind::lesson_finished) finished = true;
    if (e.kind != EventKind::feedback && e.kind != EventKind::answer_judged &&
        e.kind != EventKind::goal_reached && e.kind != EventKind::lesson_finished) {
      continue;
    }
    int detail = e.kind == EventKind::answer_judged ? e.choice : -1;
    if (e.kind == EventKind::feedback) {
      const Step& s = lesson.steps[static_cast<std::size_t>(e.step)];
      for (std::size_t k = 0; k < s.feedback.size(); ++k) {
        if (&s.feedback[k] == engine_.feedback()) detail = static_cast<int>(k);
      }
    }
    logged.push_back({lesson.steps[static_cast<std::size_t>(e.step)].id, event_kind_name(e.kind),
                      detail});
  }
  SavedLesson saved{lesson.id, hash_, engine_.save(), finished, {}};
  store_->save_lesson(saved, logged);
  if (finished) {
    for (const auto& s : lesson.steps) {
      if (s.kind == StepKind::quiz) store_->add_card(lesson.id, s.id, today_);
    }
  }
}

}  // namespace lessonsim
