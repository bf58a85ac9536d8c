#include "lessonsim/progress.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <system_error>

namespace lessonsim {

namespace {

// A prepared statement that finalizes itself.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) { sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr); }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int i, const std::string& s) {
    sqlite3_bind_text(stmt_, i, s.c_str(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Statement& bind(int i, std::int64_t v) {
    sqlite3_bind_int64(stmt_, i, v);
    return *this;
  }
  Statement& bind(int i, double v) {
    sqlite3_bind_double(stmt_, i, v);
    return *this;
  }
  bool step() { return stmt_ && sqlite3_step(stmt_) == SQLITE_ROW; }
  bool run() {
    if (!stmt_) return false;
    int rc = sqlite3_step(stmt_);
    return rc == SQLITE_DONE || rc == SQLITE_ROW;
  }
  std::string text(int col) const {
    auto p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
    return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col))) : "";
  }
  std::int64_t integer(int col) const { return sqlite3_column_int64(stmt_, col); }
  double real(int col) const { return sqlite3_column_double(stmt_, col); }

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

std::string timestamp(const char* format) {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, format, &tm);
  return buf;
}

constexpr const char* schema_v1 = R"sql(
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS lessons (
  lesson_id TEXT PRIMARY KEY, lesson_hash TEXT NOT NULL, state TEXT NOT NULL,
  done INTEGER NOT NULL DEFAULT 0, done_at TEXT NOT NULL DEFAULT '', updated_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events (
  id INTEGER PRIMARY KEY, lesson_id TEXT NOT NULL, step_id TEXT NOT NULL, kind TEXT NOT NULL,
  detail INTEGER NOT NULL, at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS events_by_lesson ON events (lesson_id, kind);
CREATE TABLE IF NOT EXISTS cards (
  lesson_id TEXT NOT NULL, step_id TEXT NOT NULL, stability REAL NOT NULL,
  difficulty REAL NOT NULL, due INTEGER NOT NULL, last_review INTEGER NOT NULL,
  reps INTEGER NOT NULL, lapses INTEGER NOT NULL, PRIMARY KEY (lesson_id, step_id));
)sql";

// Version 2: review cards also stand for practice items (kind, and the seed of the next
// variant), and each practice attempt is kept with its seed and moves.
constexpr const char* schema_v2 = R"sql(
ALTER TABLE cards ADD COLUMN kind TEXT NOT NULL DEFAULT 'quiz';
ALTER TABLE cards ADD COLUMN seed INTEGER NOT NULL DEFAULT 0;
CREATE TABLE IF NOT EXISTS practice_log (
  id INTEGER PRIMARY KEY, lesson_id TEXT NOT NULL, step_id TEXT NOT NULL, seed INTEGER NOT NULL,
  actions TEXT NOT NULL, outcome TEXT NOT NULL, rating INTEGER NOT NULL, day INTEGER NOT NULL);
)sql";

// Version 3: the xAPI outbox. A statement is written with the move it records and stays until
// the LRS took it (`sent_at`) or refused it as invalid (`refused`, its answer, kept to be read).
constexpr const char* schema_v3 = R"sql(
CREATE TABLE IF NOT EXISTS outbox (
  seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, body TEXT NOT NULL, made_at TEXT NOT NULL,
  sent_at TEXT NOT NULL DEFAULT '', refused TEXT NOT NULL DEFAULT '');
CREATE INDEX IF NOT EXISTS outbox_waiting ON outbox (sent_at, refused, seq);
)sql";

// Version 4: a feedback event names its rule as the lesson does (its id, else its condition),
// so counts stay right when the rules are reordered, and read as the instructor wrote them.
constexpr const char* schema_v4 = R"sql(
ALTER TABLE events ADD COLUMN rule TEXT NOT NULL DEFAULT '';
)sql";

bool healthy(sqlite3* db) {
  Statement check(db, "PRAGMA quick_check");
  return check.step() && check.text(0) == "ok";
}

}  // namespace

std::unique_ptr<ProgressStore> ProgressStore::in_memory() {
  sqlite3* db = nullptr;
  sqlite3_open(":memory:", &db);
  std::unique_ptr<ProgressStore> store(new ProgressStore(db, false));
  std::string error;
  store->migrate(error);
  return store;
}

std::unique_ptr<ProgressStore> ProgressStore::open(const std::filesystem::path& dir,
                                                   std::string& notice) {
  namespace fs = std::filesystem;
  notice.clear();
  std::error_code ec;
  fs::create_directories(dir, ec);
  fs::path path = dir / file_name;
  for (int attempt = 0; attempt < 2; ++attempt) {
    sqlite3* db = nullptr;
    int rc =
        sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    if (rc == SQLITE_OK) {
      sqlite3_busy_timeout(db, 2000);
      std::unique_ptr<ProgressStore> store(new ProgressStore(db, true));
      std::string error;
      if (healthy(db) && store->migrate(error)) return store;
      int code = sqlite3_errcode(db);
      // Closing the last connection would checkpoint the log into the damaged file and delete
      // it; the log holds the latest moves, so it goes aside with the database untouched.
      sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
      store.reset();
      if (code == SQLITE_BUSY || code == SQLITE_LOCKED) {
        notice = "busy";
        return in_memory();
      }
    } else {
      sqlite3_close(db);
    }
    // Unreadable or corrupt: keep it for whoever wants to look, and start afresh. The log and
    // its index move first, so a fresh database never starts beside the old one's log.
    fs::path aside = path;
    aside += ".broken-" + timestamp("%Y%m%d-%H%M%S");
    for (const char* suffix : {"-wal", "-shm", ""}) {
      fs::path side = path;
      side += suffix;
      fs::rename(side, fs::path(aside.string() + suffix), ec);
    }
    notice = "moved:" + aside.string();
  }
  return in_memory();
}

ProgressStore::~ProgressStore() {
  sqlite3_close(db_);
}

void ProgressStore::exec(const char* sql) const {
  sqlite3_exec(db_, sql, nullptr, nullptr, nullptr);
}

bool ProgressStore::migrate(std::string& error) {
  int current = -1;
  {
    Statement version(db_, "PRAGMA user_version");
    if (version.step()) current = static_cast<int>(version.integer(0));
  }
  if (current < 0) {
    error = "cannot read the schema version";
    return false;
  }
  if (current > schema_version) {
    error = "the database is from a newer lessonsim";
    return false;
  }
  if (persistent_) {
    {
      Statement wal(db_, "PRAGMA journal_mode=WAL");
      if (!wal.step() || wal.text(0) != "wal") {
        error = "cannot switch to write-ahead logging";
        return false;
      }
    }
    exec("PRAGMA synchronous=FULL");
  }
  // Each step upgrades one version inside a transaction; version 0 is a new file.
  struct Upgrade {
    int to;
    const char* sql;
  };
  for (const Upgrade& u : {Upgrade{1, schema_v1}, Upgrade{2, schema_v2}, Upgrade{3, schema_v3},
                           Upgrade{4, schema_v4}}) {
    if (current >= u.to) continue;
    if (sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK) return false;
    // Another process (the window and `lessonsim progress` open the same file) may have
    // upgraded it since the version was read; ALTER TABLE cannot run twice.
    {
      Statement again(db_, "PRAGMA user_version");
      if (again.step() && again.integer(0) >= u.to) {
        exec("COMMIT");
        continue;
      }
    }
    char* message = nullptr;
    std::string version = "PRAGMA user_version = " + std::to_string(u.to) + "; COMMIT";
    if (sqlite3_exec(db_, u.sql, nullptr, nullptr, &message) != SQLITE_OK ||
        sqlite3_exec(db_, version.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
      error = message ? message : "migration failed";
      sqlite3_free(message);
      exec("ROLLBACK");
      return false;
    }
  }
  return true;
}

std::optional<std::string> ProgressStore::setting(const std::string& key) const {
  Statement q(db_, "SELECT value FROM settings WHERE key = ?");
  q.bind(1, key);
  if (!q.step()) return std::nullopt;
  return q.text(0);
}

void ProgressStore::set_setting(const std::string& key, const std::string& value) {
  Statement q(db_,
              "INSERT INTO settings (key, value) VALUES (?, ?) "
              "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
  q.bind(1, key).bind(2, value).run();
}

void ProgressStore::set_settings(const std::vector<std::pair<std::string, std::string>>& values) {
  exec("BEGIN IMMEDIATE");
  for (const auto& [key, value] : values)
    set_setting(key, value);
  exec("COMMIT");
}

bool ProgressStore::queue_statements(const std::vector<nlohmann::json>& statements,
                                     const std::string& now) {
  bool ok = true;
  for (const auto& s : statements) {
    Statement q(db_, "INSERT OR IGNORE INTO outbox (id, body, made_at) VALUES (?, ?, ?)");
    ok = q.bind(1, s.value("id", std::string())).bind(2, s.dump()).bind(3, now).run() && ok;
  }
  return ok;
}

std::string ProgressStore::registration(const std::string& key, const std::string& make) {
  Statement q(db_, "INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)");
  q.bind(1, "xapi.registration." + key).bind(2, make).run();
  return setting("xapi.registration." + key).value_or(make);
}

std::int64_t ProgressStore::statements_waiting() const {
  Statement q(db_, "SELECT COUNT(*) FROM outbox WHERE sent_at = '' AND refused = ''");
  return q.step() ? q.integer(0) : 0;
}

void ProgressStore::save_lesson(const SavedLesson& lesson, const std::vector<LoggedEvent>& events,
                                const std::vector<nlohmann::json>& statements) {
  exec("BEGIN IMMEDIATE");
  std::string now = timestamp("%Y-%m-%dT%H:%M:%SZ");
  Statement q(db_,
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
  bool ok = q.run();
  for (const auto& e : events) {
    Statement log(db_,
                  "INSERT INTO events (lesson_id, step_id, kind, detail, at, rule) "
                  "VALUES (?,?,?,?,?,?)");
    ok = log.bind(1, lesson.lesson_id)
             .bind(2, e.step_id)
             .bind(3, e.kind)
             .bind(4, std::int64_t{e.detail})
             .bind(5, now)
             .bind(6, e.rule)
             .run() &&
         ok;
  }
  ok = queue_statements(statements, now) && ok;
  exec(ok ? "COMMIT" : "ROLLBACK");
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
  Statement q(db_,
              "SELECT lesson_id, lesson_hash, state, done, done_at FROM lessons "
              "WHERE lesson_id = ?");
  q.bind(1, lesson_id);
  if (!q.step()) return std::nullopt;
  return read_lesson(q);
}

std::vector<SavedLesson> ProgressStore::lessons() const {
  Statement q(db_,
              "SELECT lesson_id, lesson_hash, state, done, done_at FROM lessons "
              "ORDER BY lesson_id");
  std::vector<SavedLesson> out;
  while (q.step())
    out.push_back(read_lesson(q));
  return out;
}

void ProgressStore::add_card(const std::string& lesson_id, const std::string& step_id,
                             std::int64_t today) {
  Statement q(db_,
              "INSERT OR IGNORE INTO cards (lesson_id, step_id, stability, difficulty, due, "
              "last_review, reps, lapses) VALUES (?, ?, 0, 0, ?, -1, 0, 0)");
  q.bind(1, lesson_id).bind(2, step_id).bind(3, today + 1).run();
}

void ProgressStore::add_practice(const std::string& lesson_id, const std::string& step_id,
                                 std::uint64_t seed, std::int64_t today) {
  Statement q(db_,
              "INSERT OR IGNORE INTO cards (lesson_id, step_id, stability, difficulty, due, "
              "last_review, reps, lapses, kind, seed) "
              "VALUES (?, ?, 0, 0, ?, -1, 0, 0, 'practice', ?)");
  q.bind(1, lesson_id)
      .bind(2, step_id)
      .bind(3, today + 1)
      .bind(4, static_cast<std::int64_t>(seed))
      .run();
}

void ProgressStore::save_card(const DueCard& c, const std::vector<nlohmann::json>& statements) {
  exec("BEGIN IMMEDIATE");
  Statement q(db_, "INSERT OR REPLACE INTO cards (lesson_id, step_id, stability, difficulty, due, "
                   "last_review, reps, lapses, kind, seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  q.bind(1, c.lesson_id).bind(2, c.step_id).bind(3, c.card.stability).bind(4, c.card.difficulty)
      .bind(5, c.card.due).bind(6, c.card.last_review).bind(7, std::int64_t{c.card.reps})
      .bind(8, std::int64_t{c.card.lapses}).bind(9, c.kind)
      .bind(10, static_cast<std::int64_t>(c.seed));
  bool ok = q.run();
  ok = queue_statements(statements, timestamp("%Y-%m-%dT%H:%M:%SZ")) && ok;
  exec(ok ? "COMMIT" : "ROLLBACK");
}

void ProgressStore::log_practice(const PracticeAttempt& a) {
  Statement q(db_,
              "INSERT INTO practice_log (lesson_id, step_id, seed, actions, outcome, rating, "
              "day) VALUES (?, ?, ?, ?, ?, ?, ?)");
  q.bind(1, a.lesson_id)
      .bind(2, a.step_id)
      .bind(3, static_cast<std::int64_t>(a.seed))
      .bind(4, a.actions.dump())
      .bind(5, a.outcome)
      .bind(6, std::int64_t{a.rating})
      .bind(7, a.day)
      .run();
}

std::vector<PracticeAttempt> ProgressStore::practice_log(const std::string& lesson_id) const {
  Statement q(db_,
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
  Statement q(db_, (std::string(card_columns) + " WHERE due <= ? ORDER BY due, lesson_id").c_str());
  q.bind(1, today);
  std::vector<DueCard> out;
  while (q.step())
    out.push_back(read_card(q));
  return out;
}

std::vector<DueCard> ProgressStore::cards() const {
  Statement q(db_, (std::string(card_columns) + " ORDER BY lesson_id, step_id").c_str());
  std::vector<DueCard> out;
  while (q.step())
    out.push_back(read_card(q));
  return out;
}

nlohmann::json ProgressStore::feedback_counts() const {
  // Events logged before version 4 know only the rule's place: "#0" is the first rule.
  Statement q(db_,
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
