#include "lessonsim/outbox.hpp"

#include <sqlite3.h>

#include <ctime>

#include "lessonsim/progress.hpp"

namespace lessonsim {

namespace {

std::string outbox_now() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::int64_t outbox_count(sqlite3* db, const char* sql) {
  sqlite3_stmt* q = nullptr;
  std::int64_t n = 0;
  if (sqlite3_prepare_v2(db, sql, -1, &q, nullptr) == SQLITE_OK && sqlite3_step(q) == SQLITE_ROW)
    n = sqlite3_column_int64(q, 0);
  sqlite3_finalize(q);
  return n;
}

}  // namespace

std::unique_ptr<Outbox> Outbox::open(const std::filesystem::path& dir, std::string& error) {
  std::filesystem::path path = dir / ProgressStore::file_name;
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
    error = std::string("cannot open the progress store: ") + sqlite3_errmsg(db);
    sqlite3_close(db);
    return nullptr;
  }
  sqlite3_busy_timeout(db, 5000);
  // Marking a statement sent need not wait for the disk: a mark lost to a power cut only means
  // the statement is sent again, and the LRS keeps one copy of each id.
  sqlite3_exec(db, "PRAGMA synchronous=NORMAL", nullptr, nullptr, nullptr);
  std::unique_ptr<Outbox> box(new Outbox(db));
  if (outbox_count(db, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'outbox'") != 1) {
    error = "the progress store has no outbox (it was never opened by this lessonsim)";
    return nullptr;
  }
  return box;
}

Outbox::~Outbox() {
  sqlite3_close(db_);
}

std::vector<QueuedStatement> Outbox::waiting(std::size_t limit) const {
  std::vector<QueuedStatement> out;
  sqlite3_stmt* q = nullptr;
  if (sqlite3_prepare_v2(db_,
                         "SELECT seq, id, body FROM outbox WHERE sent_at = '' AND refused = '' "
                         "ORDER BY seq LIMIT ?",
                         -1, &q, nullptr) != SQLITE_OK) {
    sqlite3_finalize(q);
    return out;
  }
  sqlite3_bind_int64(q, 1, static_cast<sqlite3_int64>(limit));
  while (sqlite3_step(q) == SQLITE_ROW) {
    auto text = [q](int col) {
      auto p = reinterpret_cast<const char*>(sqlite3_column_text(q, col));
      return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(q, col)))
               : std::string();
    };
    out.push_back({sqlite3_column_int64(q, 0), text(1), text(2)});
  }
  sqlite3_finalize(q);
  return out;
}

std::int64_t Outbox::waiting_count() const {
  return outbox_count(db_, "SELECT COUNT(*) FROM outbox WHERE sent_at = '' AND refused = ''");
}

std::int64_t Outbox::refused_count() const {
  return outbox_count(db_, "SELECT COUNT(*) FROM outbox WHERE refused != ''");
}

bool Outbox::mark_sent(const std::vector<std::int64_t>& seqs) {
  if (sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK) return false;
  sqlite3_stmt* q = nullptr;
  bool ok = sqlite3_prepare_v2(db_, "UPDATE outbox SET sent_at = ? WHERE seq = ?", -1, &q,
                               nullptr) == SQLITE_OK;
  std::string now = outbox_now();
  for (std::int64_t seq : seqs) {
    if (!ok) break;
    sqlite3_reset(q);
    sqlite3_bind_text(q, 1, now.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(q, 2, seq);
    ok = sqlite3_step(q) == SQLITE_DONE;
  }
  sqlite3_finalize(q);
  sqlite3_exec(db_, ok ? "COMMIT" : "ROLLBACK", nullptr, nullptr, nullptr);
  return ok;
}

bool Outbox::mark_refused(std::int64_t seq, const std::string& answer) {
  sqlite3_stmt* q = nullptr;
  bool ok = sqlite3_prepare_v2(db_, "UPDATE outbox SET refused = ? WHERE seq = ?", -1, &q,
                               nullptr) == SQLITE_OK;
  std::string why = answer.empty() ? std::string("refused") : answer.substr(0, 2000);
  if (ok) {
    sqlite3_bind_text(q, 1, why.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(q, 2, seq);
    ok = sqlite3_step(q) == SQLITE_DONE;
  }
  sqlite3_finalize(q);
  return ok;
}

}  // namespace lessonsim
