// One SQLite connection opened defensively (a store is input), and statements on it, each with a
// time limit.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

struct sqlite3;
struct sqlite3_stmt;

namespace lessonsim::sqlite {

// How long one statement may work (time spent waiting for another process's lock not counted)
// before SQLite's progress handler stops it with SQLITE_INTERRUPT. A learner's store is a few
// hundred kilobytes, read in milliseconds; the limit only has to stop a hostile one.
inline constexpr std::chrono::milliseconds statement_limit{2000};
// How long a statement waits for another process's lock before giving up with SQLITE_BUSY.
inline constexpr std::chrono::milliseconds busy_limit{2000};

class Connection {
 public:
  // Opens `name` (a path, or a `file:` URI) with the sqlite3_open_v2 `flags`, then shuts off
  // what a hand-edited file could use to run a program: triggers and views do not run, the
  // schema is untrusted (PRAGMA trusted_schema=OFF), the defensive flag is on. Check ok().
  Connection(const std::string& name, int flags, std::chrono::milliseconds limit = statement_limit);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  bool ok() const { return opened_ == 0; }
  int open_result() const { return opened_; }
  sqlite3* get() const { return db_; }

  // Starts one statement's clock.
  void arm() const;
  // Runs `sql` (several statements allowed) under one clock; the SQLite result code, and the
  // error message in `error` when given.
  int exec(const char* sql, std::string* error = nullptr) const;
  // The most recent failure: extended result code, errno behind it (0 if none), message.
  int extended_error() const;
  int system_errno() const;
  std::string error_message() const;

 private:
  static int on_progress(void* self);
  static int on_busy(void* self, int count);

  sqlite3* db_ = nullptr;
  int opened_ = 0;
  std::chrono::milliseconds limit_;
  mutable std::chrono::steady_clock::time_point deadline_{};
};

// A prepared statement that finalizes itself; its first step starts the connection's clock, so
// the whole statement, all its rows included, has one time limit.
class Statement {
 public:
  Statement(const Connection& db, const char* sql);
  Statement(const Connection& db, const std::string& sql) : Statement(db, sql.c_str()) {}
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int i, const std::string& s);
  Statement& bind(int i, std::int64_t v);
  Statement& bind(int i, double v);
  // The next row: true while there is one.
  bool step();
  // Runs to completion: true when it finished without error.
  bool run();
  // The last step's SQLite result code (SQLITE_ROW, SQLITE_DONE or an error).
  int result() const { return result_; }

  std::string text(int col) const;
  std::int64_t integer(int col) const;
  double real(int col) const;

 private:
  const Connection& db_;
  sqlite3_stmt* stmt_ = nullptr;
  int result_ = 0;
  bool started_ = false;
};

}  // namespace lessonsim::sqlite
