// The learner's saved progress: a SQLite database (WAL, one transaction per event, migrations).
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "lessonsim/review.hpp"

struct sqlite3;

namespace lessonsim {

struct SavedLesson {
  std::string lesson_id;
  std::string lesson_hash;  // of the file it was played from, to notice an edited lesson
  nlohmann::json state;     // Engine::save()
  bool done = false;
  std::string done_at;  // ISO date, when done
};

// A review item: a quiz step asked again, or an operate step practised with a fresh variant.
struct DueCard {
  std::string lesson_id;
  std::string step_id;
  ReviewCard card;
  std::string kind = "quiz";  // "quiz" or "practice"
  std::uint64_t seed = 0;     // practice: the variant the item plays next
};

// One practice item as played: its seed, the moves, how it went and the rating FSRS got.
struct PracticeAttempt {
  std::string lesson_id;
  std::string step_id;
  std::uint64_t seed = 0;
  nlohmann::json actions = nlohmann::json::array();
  std::string outcome;
  int rating = 0;
  std::int64_t day = 0;
};

class ProgressStore {
 public:
  static constexpr int schema_version = 4;
  static constexpr const char* file_name = "progress.db";

  // Opens (or creates) the database in `dir`. A database that cannot be opened or is corrupt is
  // moved aside with a timestamp and a fresh one is started; one held by another process beyond
  // a short wait is left alone and this session keeps its progress in memory. `notice` says
  // which happened, for the learner; it is empty when all is well. Never throws.
  static std::unique_ptr<ProgressStore> open(const std::filesystem::path& dir, std::string& notice);
  // A store that keeps nothing on disk (tests, and the fallback above).
  static std::unique_ptr<ProgressStore> in_memory();

  ~ProgressStore();
  ProgressStore(const ProgressStore&) = delete;
  ProgressStore& operator=(const ProgressStore&) = delete;

  bool persistent() const { return persistent_; }

  std::optional<std::string> setting(const std::string& key) const;
  void set_setting(const std::string& key, const std::string& value);
  // Several at once, in one transaction (one sync to disk).
  void set_settings(const std::vector<std::pair<std::string, std::string>>& values);

  // Saves a lesson's state and logs what happened, in one transaction.
  struct LoggedEvent {
    std::string step_id;
    std::string kind;       // an EventKind name
    int detail = -1;        // the feedback rule's index, the choice...
    std::string rule = {};  // a feedback rule's id, else its condition: what counts are keyed by
  };
  // `statements` (xAPI, each with its id) join the outbox in the same transaction, so a statement
  // exists exactly when the move it records does.
  void save_lesson(const SavedLesson& lesson, const std::vector<LoggedEvent>& events,
                   const std::vector<nlohmann::json>& statements = {});
  std::optional<SavedLesson> lesson(const std::string& lesson_id) const;
  std::vector<SavedLesson> lessons() const;

  // Review cards: one per (lesson, quiz step); added when a lesson is done.
  void add_card(const std::string& lesson_id, const std::string& step_id, std::int64_t today);
  void save_card(const DueCard& card, const std::vector<nlohmann::json>& statements = {});
  std::vector<DueCard> due_cards(std::int64_t today) const;
  std::vector<DueCard> cards() const;
  // A practice item for an operate step with practice variants, first due the day after.
  void add_practice(const std::string& lesson_id, const std::string& step_id, std::uint64_t seed,
                    std::int64_t today);
  // Keeps a played practice item, so that it can be replayed exactly.
  void log_practice(const PracticeAttempt& attempt);
  std::vector<PracticeAttempt> practice_log(const std::string& lesson_id) const;

  // The xAPI registration of `key` (a course and a learner): made once, a UUID from `make`.
  std::string registration(const std::string& key, const std::string& make);
  // Statements in the outbox not yet taken by the LRS (nor refused by it).
  std::int64_t statements_waiting() const;

  // How often each feedback rule fired, per lesson and step: where learners struggle. Keyed by
  // the rule's id as the lesson gives it (its condition when it has none; "#N", its place from
  // 0, for what was logged before rules were named).
  nlohmann::json feedback_counts() const;

 private:
  explicit ProgressStore(sqlite3* db, bool persistent) : db_(db), persistent_(persistent) {}
  bool migrate(std::string& error);
  void exec(const char* sql) const;
  bool queue_statements(const std::vector<nlohmann::json>& statements, const std::string& now);

  sqlite3* db_ = nullptr;
  bool persistent_ = false;
};

}  // namespace lessonsim
