#include "lessonsim/sqlite_connection.hpp"

#include <sqlite3.h>

namespace lessonsim::sqlite {

namespace {

// How often (in virtual machine instructions) the progress handler looks at the clock: about
// every tenth of a millisecond of work.
constexpr int progress_period = 1000;
constexpr int busy_poll_ms = 10;

}  // namespace

Connection::Connection(const std::string& name, int flags, std::chrono::milliseconds limit)
    : limit_(limit) {
  opened_ = sqlite3_open_v2(name.c_str(), &db_, flags | SQLITE_OPEN_URI, nullptr);
  if (!db_) return;
  sqlite3_extended_result_codes(db_, 1);
  if (opened_ != SQLITE_OK) return;
  // A store is a file anyone can edit: nothing in its schema may run on our behalf. Triggers
  // and views are refused outright (the opening refuses a store that has any); functions in
  // the schema's CHECKs, defaults and indexes are limited to the harmless ones.
  sqlite3_db_config(db_, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
  sqlite3_db_config(db_, SQLITE_DBCONFIG_ENABLE_VIEW, 0, nullptr);
  sqlite3_db_config(db_, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
  sqlite3_db_config(db_, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
  // A connection opened to read never writes: not even the checkpoint SQLite makes on closing
  // the last connection to a file, which would fold the log into it.
  if (flags & SQLITE_OPEN_READONLY)
    sqlite3_db_config(db_, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
  sqlite3_progress_handler(db_, progress_period, &Connection::on_progress, this);
  sqlite3_busy_handler(db_, &Connection::on_busy, this);
  arm();
}

Connection::~Connection() {
  sqlite3_close(db_);
}

void Connection::arm() const {
  deadline_ = std::chrono::steady_clock::now() + limit_;
}

int Connection::on_progress(void* self) {
  auto* c = static_cast<Connection*>(self);
  return std::chrono::steady_clock::now() > c->deadline_ ? 1 : 0;
}

// Waiting for another process is not work: the wait moves the statement's deadline with it.
int Connection::on_busy(void* self, int count) {
  auto* c = static_cast<Connection*>(self);
  if (count * busy_poll_ms >= busy_limit.count()) return 0;
  sqlite3_sleep(busy_poll_ms);
  c->deadline_ += std::chrono::milliseconds(busy_poll_ms);
  return 1;
}

int Connection::exec(const char* sql, std::string* error) const {
  arm();
  char* message = nullptr;
  int rc = sqlite3_exec(db_, sql, nullptr, nullptr, &message);
  if (error) *error = message ? message : "";
  sqlite3_free(message);
  return rc;
}

int Connection::extended_error() const {
  return db_ ? sqlite3_extended_errcode(db_) : SQLITE_NOMEM;
}

int Connection::system_errno() const {
  return db_ ? sqlite3_system_errno(db_) : 0;
}

std::string Connection::error_message() const {
  return db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(SQLITE_NOMEM);
}

Statement::Statement(const Connection& db, const char* sql) : db_(db) {
  db.arm();
  result_ = sqlite3_prepare_v2(db.get(), sql, -1, &stmt_, nullptr);
}

Statement::~Statement() {
  sqlite3_finalize(stmt_);
}

Statement& Statement::bind(int i, const std::string& s) {
  sqlite3_bind_text(stmt_, i, s.c_str(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
  return *this;
}

Statement& Statement::bind(int i, std::int64_t v) {
  sqlite3_bind_int64(stmt_, i, v);
  return *this;
}

Statement& Statement::bind(int i, double v) {
  sqlite3_bind_double(stmt_, i, v);
  return *this;
}

bool Statement::step() {
  if (!stmt_) return false;
  // The statement's clock runs from its first step (preparing it had its own) to its last row.
  if (!started_) db_.arm();
  started_ = true;
  result_ = sqlite3_step(stmt_);
  return result_ == SQLITE_ROW;
}

bool Statement::run() {
  while (step()) {
  }
  return stmt_ && result_ == SQLITE_DONE;
}

std::string Statement::text(int col) const {
  auto p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
  return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col))) : "";
}

std::int64_t Statement::integer(int col) const {
  return sqlite3_column_int64(stmt_, col);
}

double Statement::real(int col) const {
  return sqlite3_column_double(stmt_, col);
}

}  // namespace lessonsim::sqlite
