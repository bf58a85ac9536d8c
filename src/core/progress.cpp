// The progress store's reads and writes (opening it: progress_open.cpp).
#include "lessonsim/progress.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <ctime>

#include "lessonsim/sqlite_connection.hpp"
#include "progress_detail.hpp"

namespace lessonsim {

using sqlite::Statement;

namespace {

std::string timestamp(const char* format) {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, format, &tm);
  return buf;
}

}  // namespace

template <typename Body>
void ProgressStore::write(const Body& body) {
  for (int attempt = 0; attempt < 2; ++attempt) {
    bool ok =
        db_->exec("BEGIN IMMEDIATE") == SQLITE_OK && body() && db_->exec("COMMIT") == SQLITE_OK;
    if (ok) return;
    // The failing statement's code, before the rollback sets its own.
    int code = db_->extended_error(), sys_errno = db_->system_errno();
    db_->exec("ROLLBACK");
    if (!persistent_ || !progress_detail::disk_trouble(code)) return;
    keep_in_memory(code, sys_errno);
  }
}

std::optional<std::string> ProgressStore::setting(const std::string& key) const {
  Statement q(*db_, "SELECT value FROM settings WHERE key = ?");
  q.bind(1, key);
  if (!q.step()) return std::nullopt;
  return q.text(0);
}

void ProgressStore::set_setting(const std::string& key, const std::string& value) {
  set_settings({{key, value}});
}

void ProgressStore::set_settings(const std::vector<std::pair<std::string, std::string>>& values) {
  write([&] {
    for (const auto& [key, value] : values) {
      Statement q(*db_,
                  "INSERT INTO settings (key, value) VALUES (?, ?) "
                  "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
      if (!q.bind(1, key).bind(2, value).run()) return false;
    }
    return true;
  });
}

bool ProgressStore::queue_statements(const std::vector<nlohmann::json>& statements,
                                     const std::string& now) {
  for (const auto& s : statements) {
    Statement q(*db_, "INSERT OR IGNORE INTO outbox (id, body, made_at) VALUES (?, ?, ?)");
    if (!q.bind(1, s.value("id", std::string())).bind(2, s.dump()).bind(3, now).run()) return false;
  }
  return true;
}

std::string ProgressStore::registration(const std::string& key, const std::string& make) {
  write([&] {
    Statement q(*db_, "INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)");
    return q.bind(1, "xapi.registration." + key).bind(2, make).run();
  });
  return setting("xapi.registration." + key).value_or(make);
}

std::int64_t ProgressStore::statements_waiting() const {
  Statement q(*db_, "SELECT COUNT(*) FROM outbox WHERE sent_at = '' AND refused = ''");
  return q.step() ? q.integer(0) : 0;
}

void ProgressStore::save_lesson(const SavedLesson& lesson, const std::vector<LoggedEvent>& events,
                                const std::vector<nlohmann::json>& statements) {
  std::string now = timestamp("%Y-%m-%dT%H:%M:%SZ");
  write([&] { return save_lesson_rows(lesson, events, now) && queue_statements(statements, now); });
}

bool ProgressStore::save_lesson_rows(const SavedLesson& lesson,
                                     const std::vector<LoggedEvent>& events,
                                     const std::string& now) {
  Statement q(*db_,
              "INSERT INTO lessons (lesson_id, lesson_hash, state, done, done_at, updated_at) "
              "VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (lesson_id) DO UPDATE SET "
              "lesson_hash = ?2, state = ?3, done = MAX(done, ?4), "
              "done_at = CASE WHEN done_at = '' THEN ?5 ELSE done_at END, updated_at = ?6");
  q.bind(1, lesson.lesson_id)
      .bind(2, lesson.lesson_hash)
      .bind(3, lesson.state.dump())
      .bind(4, std::int64_t{lesson.done ? 1 : 0})
      .bind(5, lesson.done ? (lesson.done_at.empty() ? now.substr(0, 10) : lesson.done_at)
                           : std::string())
      .bind(6, now);
  if (!q.run()) return false;
  for (const auto& e : events) {
    Statement log(*db_,
                  "INSERT INTO events (lesson_id, step_id, kind, detail, at, rule) "
                  "VALUES (?,?,?,?,?,?)");
    if (!log.bind(1, lesson.lesson_id)
             .bind(2, e.step_id)
             .bind(3, e.kind)
             .bind(4, std::int64_t{e.detail})
             .bind(5, now)
             .bind(6, e.rule)
             .run()) {
      return false;
    }
  }
  return true;
}

namespace {

SavedLesson read_lesson(const Statement& q) {
  SavedLesson s;
  s.lesson_id = q.text(0);
  s.lesson_hash = q.text(1);
  s.state = nlohmann::json::parse(q.text(2), nullptr, false);
  if (s.state.is_discarded()) s.state = nlohmann::json::object();
  s.done = q.integer(3) != 0;
  s.done_at = q.text(4);
  return s;
}

// A number from the store within [lo, hi]; NaN (or NULL, read as 0) gives `lo`. The store may
// have been edited by hand, and the scheduler adds to these.
double bounded(double v, double lo, double hi) {
  return std::isnan(v) ? lo : std::clamp(v, lo, hi);
}
std::int64_t bounded(std::int64_t v, std::int64_t lo, std::int64_t hi) {
  return std::clamp(v, lo, hi);
}

// Days since the epoch a card may name: -1 (never) up to well past any learner's lifetime.
constexpr std::int64_t max_day = 10'000'000;
constexpr std::int64_t max_count = 1'000'000;

DueCard read_card(const Statement& q) {
  DueCard c;
  c.lesson_id = q.text(0);
  c.step_id = q.text(1);
  std::int64_t last_review = bounded(q.integer(5), std::int64_t{-1}, max_day);
  // A reviewed card has the scheduler's ranges (stability from 0.01 days, difficulty 1 to 10).
  bool reviewed = last_review >= 0;
  c.card = {bounded(q.real(2), reviewed ? 0.01 : 0.0, 36500.0),
            bounded(q.real(3), reviewed ? 1.0 : 0.0, 10.0),
            bounded(q.integer(4), -max_day, max_day),
            last_review,
            static_cast<int>(bounded(q.integer(6), std::int64_t{0}, max_count)),
            static_cast<int>(bounded(q.integer(7), std::int64_t{0}, max_count))};
  c.kind = q.text(8);
  c.seed = static_cast<std::uint64_t>(q.integer(9));
  return c;
}

constexpr const char* card_columns =
    "SELECT lesson_id, step_id, stability, difficulty, due, last_review, reps, lapses, kind, seed "
    "FROM cards";

}  // namespace

std::optional<SavedLesson> ProgressStore::lesson(const std::string& lesson_id) const {
  Statement q(*db_,
              "SELECT lesson_id, lesson_hash, state, done, done_at FROM lessons "
              "WHERE lesson_id = ?");
  q.bind(1, lesson_id);
  if (!q.step()) return std::nullopt;
  return read_lesson(q);
}

std::vector<SavedLesson> ProgressStore::lessons() const {
  Statement q(*db_,
              "SELECT lesson_id, lesson_hash, state, done, done_at FROM lessons "
              "ORDER BY lesson_id");
  std::vector<SavedLesson> out;
  while (q.step())
    out.push_back(read_lesson(q));
  return out;
}

void ProgressStore::add_card(const std::string& lesson_id, const std::string& step_id,
                             std::int64_t today) {
  write([&] {
    Statement q(*db_,
                "INSERT OR IGNORE INTO cards (lesson_id, step_id, stability, difficulty, due, "
                "last_review, reps, lapses) VALUES (?, ?, 0, 0, ?, -1, 0, 0)");
    return q.bind(1, lesson_id).bind(2, step_id).bind(3, today + 1).run();
  });
}

void ProgressStore::add_practice(const std::string& lesson_id, const std::string& step_id,
                                 std::uint64_t seed, std::int64_t today) {
  write([&] {
    Statement q(*db_,
                "INSERT OR IGNORE INTO cards (lesson_id, step_id, stability, difficulty, due, "
                "last_review, reps, lapses, kind, seed) "
                "VALUES (?, ?, 0, 0, ?, -1, 0, 0, 'practice', ?)");
    return q.bind(1, lesson_id)
        .bind(2, step_id)
        .bind(3, today + 1)
        .bind(4, static_cast<std::int64_t>(seed))
        .run();
  });
}

void ProgressStore::save_card(const DueCard& c, const std::vector<nlohmann::json>& statements) {
  std::string now = timestamp("%Y-%m-%dT%H:%M:%SZ");
  write([&] {
    Statement q(*db_,
                "INSERT OR REPLACE INTO cards (lesson_id, step_id, stability, difficulty, due, "
                "last_review, reps, lapses, kind, seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    return q.bind(1, c.lesson_id)
               .bind(2, c.step_id)
               .bind(3, c.card.stability)
               .bind(4, c.card.difficulty)
               .bind(5, c.card.due)
               .bind(6, c.card.last_review)
               .bind(7, std::int64_t{c.card.reps})
               .bind(8, std::int64_t{c.card.lapses})
               .bind(9, c.kind)
               .bind(10, static_cast<std::int64_t>(c.seed))
               .run() &&
           queue_statements(statements, now);
  });
}

void ProgressStore::log_practice(const PracticeAttempt& a) {
  write([&] {
    Statement q(*db_,
                "INSERT INTO practice_log (lesson_id, step_id, seed, actions, outcome, rating, "
                "day) VALUES (?, ?, ?, ?, ?, ?, ?)");
    return q.bind(1, a.lesson_id)
        .bind(2, a.step_id)
        .bind(3, static_cast<std::int64_t>(a.seed))
        .bind(4, a.actions.dump())
        .bind(5, a.outcome)
        .bind(6, std::int64_t{a.rating})
        .bind(7, a.day)
        .run();
  });
}

std::vector<PracticeAttempt> ProgressStore::practice_log(const std::string& lesson_id) const {
  Statement q(*db_,
              "SELECT lesson_id, step_id, seed, actions, outcome, rating, day "
              "FROM practice_log WHERE lesson_id = ? ORDER BY id");
  q.bind(1, lesson_id);
  std::vector<PracticeAttempt> out;
  while (q.step()) {
    PracticeAttempt a{q.text(0),
                      q.text(1),
                      static_cast<std::uint64_t>(q.integer(2)),
                      nlohmann::json::parse(q.text(3), nullptr, false),
                      q.text(4),
                      static_cast<int>(q.integer(5)),
                      q.integer(6)};
    if (!a.actions.is_array()) a.actions = nlohmann::json::array();
    out.push_back(std::move(a));
  }
  return out;
}

std::vector<DueCard> ProgressStore::due_cards(std::int64_t today) const {
  Statement q(*db_,
              (std::string(card_columns) + " WHERE due <= ? ORDER BY due, lesson_id").c_str());
  q.bind(1, today);
  std::vector<DueCard> out;
  while (q.step())
    out.push_back(read_card(q));
  return out;
}

std::vector<DueCard> ProgressStore::cards() const {
  Statement q(*db_, (std::string(card_columns) + " ORDER BY lesson_id, step_id").c_str());
  std::vector<DueCard> out;
  while (q.step())
    out.push_back(read_card(q));
  return out;
}

nlohmann::json ProgressStore::feedback_counts() const {
  // Events logged before version 4 know only the rule's place: "#0" is the first rule.
  Statement q(*db_,
              "SELECT lesson_id, step_id, CASE WHEN rule = '' THEN '#' || detail ELSE rule "
              "END AS name, COUNT(*) FROM events WHERE kind = 'feedback' "
              "GROUP BY lesson_id, step_id, name ORDER BY lesson_id, step_id, name");
  nlohmann::json out = nlohmann::json::object();
  while (q.step()) {
    out[q.text(0)][q.text(1)][q.text(2)] = q.integer(3);
  }
  return out;
}

}  // namespace lessonsim
