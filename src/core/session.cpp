#include "lessonsim/session.hpp"
#include "lessonsim/messages.hpp"

#include <algorithm>
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
  outcome_ =
      lessonsim::resume_outcome(engine_.restore(saved->state), *saved, hash_, engine_.lesson());
}

ResumeOutcome resume_outcome(bool restored, const SavedLesson& saved,
                             const std::string& lesson_hash, const Lesson& lesson) {
  bool edited = saved.lesson_hash != lesson_hash;
  if (restored) return edited ? ResumeOutcome::resumed_edited : ResumeOutcome::resumed;
  // Not restored: the step is gone from an edited lesson, or the save itself is damaged. Either
  // way the lesson starts from its beginning and the next move overwrites only its own row.
  auto step = saved.state.is_object() ? saved.state.find("step") : saved.state.end();
  bool step_known = step != saved.state.end() && step->is_string() &&
                    lesson.step_index(step->get<std::string>()) >= 0;
  return edited && !step_known ? ResumeOutcome::restarted : ResumeOutcome::unreadable;
}

LocalizedText resume_message(ResumeOutcome outcome) {
  switch (outcome) {
    case ResumeOutcome::fresh:
    case ResumeOutcome::resumed:
      return {};
    case ResumeOutcome::resumed_edited:
      return LocalizedText::of("session.the_lesson_has_changed_since");
    case ResumeOutcome::restarted:
      return LocalizedText::of("session.the_lesson_has_changed_and");
    case ResumeOutcome::unreadable:
      return LocalizedText::of("session.where_you_left_this_lesson");
  }
  return {};
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
  record_move(*store_, engine_, hash_, events, today_, statements_);
}

std::vector<ProgressStore::LoggedEvent> logged_events(const Lesson& lesson, const Events& events) {
  std::vector<ProgressStore::LoggedEvent> logged;
  for (const auto& e : events) {
    if (e.step < 0 || e.step >= static_cast<int>(lesson.steps.size())) continue;
    const Step& s = lesson.steps[static_cast<std::size_t>(e.step)];
    switch (e.kind) {
      case EventKind::feedback: {
        // The event carries the rule's text; several rules may fire within one batch of moves,
        // so the engine's current rule is not the one to ask.
        int rule = -1;
        for (std::size_t k = 0; k < s.feedback.size() && rule < 0; ++k) {
          if (s.feedback[k].say.by_locale == e.text.by_locale) rule = static_cast<int>(k);
        }
        std::string name;
        if (rule >= 0) {
          const FeedbackRule& r = s.feedback[static_cast<std::size_t>(rule)];
          name = r.id.empty() ? r.when.text() : r.id;
        }
        logged.push_back({s.id, event_kind_name(e.kind), rule, name});
        break;
      }
      case EventKind::answer_judged:
        logged.push_back({s.id, event_kind_name(e.kind), e.choice});
        logged.push_back({s.id, e.correct ? "answer_right" : "answer_wrong", e.choice});
        break;
      case EventKind::goal_reached:
      case EventKind::reveal_shown:
      case EventKind::lesson_finished:
        logged.push_back({s.id, event_kind_name(e.kind), -1});
        break;
      default:
        break;
    }
  }
  return logged;
}

std::size_t record_move(ProgressStore& store, const Engine& engine, const std::string& lesson_hash,
                        const Events& events, std::int64_t today,
                        xapi::StatementMaker* statements) {
  const Lesson& lesson = engine.lesson();
  bool finished = std::any_of(events.begin(), events.end(),
                              [](const Event& e) { return e.kind == EventKind::lesson_finished; });
  std::vector<nlohmann::json> said;
  if (statements) {
    bool first = !store.lesson(lesson.id).has_value();
    said = statements->for_move(engine, events, first);
  }
  store.save_lesson({lesson.id, lesson_hash, engine.save(), finished || engine.finished(), {}},
                    logged_events(lesson, events), said);
  if (!finished) return said.size();
  for (const auto& s : lesson.steps) {
    if (s.kind == StepKind::quiz) store.add_card(lesson.id, s.id, today);
    if (s.practice && !s.practice->vary.empty()) {
      store.add_practice(lesson.id, s.id, practice_seed(lesson.id, s.id, today), today);
    }
  }
  return said.size();
}

}  // namespace lessonsim
