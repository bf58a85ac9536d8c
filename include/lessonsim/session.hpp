// A learner playing one lesson: the engine, with every move saved to the progress store.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "lessonsim/engine.hpp"
#include "lessonsim/progress.hpp"
#include "lessonsim/xapi.hpp"

namespace lessonsim {

// A stable fingerprint of a lesson file's text (FNV-1a, 64 bits, as hex).
std::string content_hash(std::string_view text);

// What a move's events add to the learner's log: each feedback with its rule's index, each
// answer (the choice, and whether it was right), reveals, goals and the lesson's end.
std::vector<ProgressStore::LoggedEvent> logged_events(const Lesson& lesson, const Events& events);

// Saves the lesson after a move, with the move's log, in one transaction. When the move finished
// the lesson, each quiz step becomes a review card and each operate step with practice variants
// a practice item, both first due the day after `today`. With `statements`, the move's xAPI
// statements join the outbox in the same transaction; returns how many.
std::size_t record_move(ProgressStore& store, const Engine& engine, const std::string& lesson_hash,
                        const Events& events, std::int64_t today,
                        xapi::StatementMaker* statements = nullptr);

enum class ResumeOutcome {
  fresh,           // nothing saved: the lesson starts at its first step
  resumed,         // same step, same machine
  resumed_edited,  // the file changed since; resumed at the same step id
  restarted,       // the file changed and the saved step is gone: back to the start
  unreadable,      // the saved state is damaged (edited by hand?): back to the start
};

// What resuming from `saved` came to, `restored` being whether the engine took its state. Either
// way the store keeps the learner's other lessons, cards and the lesson's done mark.
ResumeOutcome resume_outcome(bool restored, const SavedLesson& saved,
                             const std::string& lesson_hash, const Lesson& lesson);
// What the learner is told about it; empty for a fresh start or a plain resume.
LocalizedText resume_message(ResumeOutcome outcome);

class Session {
 public:
  // `store` may be null (nothing saved). Resumes from the store when it holds this lesson.
  Session(std::shared_ptr<const Lesson> lesson, std::string lesson_hash, ProgressStore* store,
          std::int64_t today = today_utc());

  Events apply(const Action& action);
  const Engine& engine() const { return engine_; }
  // From now on each move also writes its xAPI statements (null: none). Not owned.
  void record_statements(xapi::StatementMaker* maker) { statements_ = maker; }
  ResumeOutcome resume_outcome() const { return outcome_; }

 private:
  void save(const Events& events);

  Engine engine_;
  std::string hash_;
  ProgressStore* store_;
  xapi::StatementMaker* statements_ = nullptr;
  std::int64_t today_;
  ResumeOutcome outcome_ = ResumeOutcome::fresh;
};

}  // namespace lessonsim
