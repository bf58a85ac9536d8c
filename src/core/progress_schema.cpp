// The progress store's schema, version by version, and the migrations between them.
#include <sqlite3.h>

#include "lessonsim/progress.hpp"
#include "lessonsim/sqlite_connection.hpp"

namespace lessonsim {

using sqlite::Statement;

namespace {

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

}  // namespace

int ProgressStore::migrate() {
  int current = 0;
  {
    Statement version(*db_, "PRAGMA user_version");
    if (!version.step()) return version.result();
    current = static_cast<int>(version.integer(0));
  }
  // A newer lessonsim's store is never written (ProgressStore::open copies it to memory).
  if (current > schema_version) return SQLITE_READONLY;
  if (persistent_) {
    Statement wal(*db_, "PRAGMA journal_mode=WAL");
    if (!wal.step()) return wal.result();
    if (wal.text(0) != "wal") return SQLITE_CANTOPEN;
  }
  if (persistent_ && db_->exec("PRAGMA synchronous=FULL") != SQLITE_OK)
    return db_->extended_error();
  // Each step upgrades one version inside a transaction; version 0 is a new file.
  struct Upgrade {
    int to;
    const char* sql;
  };
  for (const Upgrade& u : {Upgrade{1, schema_v1}, Upgrade{2, schema_v2}, Upgrade{3, schema_v3},
                           Upgrade{4, schema_v4}}) {
    if (current >= u.to) continue;
    if (db_->exec("BEGIN IMMEDIATE") != SQLITE_OK) return db_->extended_error();
    // Another process (the window and `lessonsim progress` open the same file) may have
    // upgraded it since the version was read; ALTER TABLE cannot run twice.
    {
      Statement again(*db_, "PRAGMA user_version");
      if (again.step() && again.integer(0) >= u.to) {
        db_->exec("COMMIT");
        continue;
      }
    }
    std::string version = "PRAGMA user_version = " + std::to_string(u.to) + "; COMMIT";
    if (db_->exec(u.sql) != SQLITE_OK || db_->exec(version.c_str()) != SQLITE_OK) {
      // The failing statement's code is what the caller reads, not the rollback's.
      int code = db_->extended_error();
      db_->exec("ROLLBACK");
      return code;
    }
  }
  return SQLITE_OK;
}

}  // namespace lessonsim
