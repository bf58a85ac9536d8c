// Opening the progress store, and what is done with one that cannot be used as it is: progress
// is never destroyed, only a truly unreadable store is moved aside.
#include <sqlite3.h>

#include "lessonsim/progress.hpp"
#include "progress_detail.hpp"

namespace lessonsim {

namespace fs = std::filesystem;
using sqlite::Connection;
using sqlite::Statement;
using namespace progress_detail;

// How reading a store through one connection went.
struct ProgressStore::Attempt {
  enum class Outcome { opened, busy, newer, programs, damaged, failed };
  Outcome outcome = Outcome::failed;
  int code = SQLITE_OK;  // SQLite's extended result code, when it failed
  int sys_errno = 0;
  std::string message;
};

namespace {

using Attempt = ProgressStore::Attempt;

void fail(Attempt& a, const Connection& db, int code) {
  a.code = code;
  a.sys_errno = db.system_errno();
  a.message = sqlite3_errstr(code);
  int primary = code & 0xff;
  if (primary == SQLITE_BUSY || primary == SQLITE_LOCKED) {
    a.outcome = Attempt::Outcome::busy;
  } else {
    a.outcome = damage(code) ? Attempt::Outcome::damaged : Attempt::Outcome::failed;
  }
}

void fail(Attempt& a, const Connection& db) {
  fail(a, db, db.ok() ? db.extended_error() : db.open_result());
}

// Reads the store through `db`: its schema's version, that it holds no programs (triggers and
// views: lessonsim never makes any), and every page (quick_check). Writes nothing.
void inspect(const Connection& db, Attempt& a) {
  Statement version(db, "PRAGMA user_version");
  if (!version.step()) return fail(a, db, version.result());
  if (version.integer(0) > ProgressStore::schema_version) {
    a.outcome = Attempt::Outcome::newer;
    return;
  }
  Statement programs(db, "SELECT 1 FROM sqlite_schema WHERE type IN ('trigger', 'view') LIMIT 1");
  if (programs.step()) {
    a.outcome = Attempt::Outcome::programs;
    return;
  }
  if (programs.result() != SQLITE_DONE) return fail(a, db, programs.result());
  Statement check(db, "PRAGMA quick_check");
  if (!check.step()) return fail(a, db, check.result());
  a.outcome = check.text(0) == "ok" ? Attempt::Outcome::opened : Attempt::Outcome::damaged;
}

// Reads a store that could not be opened for writing, without writing anything: through its
// log when SQLite can set up the log's index, else from the database file alone.
Attempt probe(const fs::path& path) {
  Attempt a;
  for (const char* query : {"mode=ro", "immutable=1"}) {
    Connection db(file_uri(path, query), SQLITE_OPEN_READONLY);
    a = {};
    if (db.ok()) {
      inspect(db, a);
    } else {
      fail(a, db);
    }
    if (a.outcome != Attempt::Outcome::failed && a.outcome != Attempt::Outcome::busy) return a;
  }
  return a;
}

// What was saved, copied into memory for a session that cannot write it back; programs
// dropped from the copy. `ignore_locks` reads the file as it stands (not while another process
// may be writing it).
std::unique_ptr<Connection> snapshot(const fs::path& path, bool ignore_locks) {
  for (const char* query : {"mode=ro", "immutable=1"}) {
    if (!ignore_locks && std::string(query) == "immutable=1") break;
    Connection from(file_uri(path, query), SQLITE_OPEN_READONLY);
    if (!from.ok()) continue;
    auto copy = copy_to_memory(from);
    if (!copy) continue;
    std::vector<std::string> drops;
    Statement programs(*copy,
                       "SELECT type, name FROM sqlite_schema WHERE type IN ('trigger', 'view')");
    while (programs.step()) {
      std::string name;
      for (char c : programs.text(1))
        name += c == '"' ? std::string("\"\"") : std::string(1, c);
      drops.push_back("DROP " + programs.text(0) + " IF EXISTS \"" + name + "\"");
    }
    for (const auto& drop : drops)
      copy->exec(drop.c_str());
    return copy;
  }
  return nullptr;
}

// A database file that SQLite created for a store it then could not set up holds nothing.
void remove_if_empty(const fs::path& path) {
  std::error_code ec;
  if (fs::file_size(path, ec) != 0 || ec) return;
  for (const char* suffix : {"-wal", "-shm", ""})
    fs::remove(fs::path(path.string() + suffix), ec);
}

}  // namespace

ProgressStore::ProgressStore(std::unique_ptr<Connection> db, bool persistent)
    : db_(std::move(db)), persistent_(persistent) {}

ProgressStore::~ProgressStore() = default;

std::unique_ptr<ProgressStore> ProgressStore::adopt(std::unique_ptr<Connection>& db,
                                                    bool persistent, bool upgrade, int& code) {
  std::unique_ptr<ProgressStore> store(new ProgressStore(std::move(db), persistent));
  code = upgrade ? store->migrate() : SQLITE_OK;
  if (code == SQLITE_OK) return store;
  db = std::move(store->db_);
  return nullptr;
}

std::unique_ptr<ProgressStore> ProgressStore::in_memory() {
  std::unique_ptr<ProgressStore> store(new ProgressStore(
      std::make_unique<Connection>(":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE), false));
  store->migrate();
  return store;
}

std::unique_ptr<ProgressStore> ProgressStore::open_on_disk(const fs::path& path, Attempt& a) {
  auto db = std::make_unique<Connection>(path.string(), SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  if (db->ok()) inspect(*db, a);
  if (!db->ok()) fail(a, *db);
  // SQLite opens a file it may not write read-only without a word: that is no store to save to.
  if (a.outcome == Attempt::Outcome::opened && sqlite3_db_readonly(db->get(), "main") == 1) {
    fail(a, *db, SQLITE_READONLY);
  }
  if (a.outcome == Attempt::Outcome::opened) {
    int code = SQLITE_OK;
    if (auto store = adopt(db, true, true, code)) return store;
    fail(a, *db, code);
  }
  // Closing the last connection would checkpoint the log into the file and delete it: whatever
  // is wrong, the files stay exactly as they were found.
  if (db->get()) sqlite3_db_config(db->get(), SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
  return nullptr;
}

std::unique_ptr<ProgressStore> ProgressStore::from_snapshot(const fs::path& path, bool ignore_locks,
                                                            bool upgrade) {
  auto copy = snapshot(path, ignore_locks);
  if (!copy) return nullptr;
  int code = SQLITE_OK;
  return adopt(copy, false, upgrade, code);
}

std::unique_ptr<ProgressStore> ProgressStore::open(const fs::path& dir, StoreNotice& notice) {
  notice = {};
  notice.folder = dir;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    notice.kind = StoreNotice::Kind::unwritable;
    notice.saving = false;
    notice.cause = cause_of_errno(ec.value());
    notice.detail = ec.message();
    return in_memory();
  }
  fs::path path = dir / file_name;
  bool existed = fs::exists(fs::symlink_status(path, ec));
  Attempt a;
  if (auto store = open_on_disk(path, a)) {
    store->folder_ = dir;
    return store;
  }
  Attempt written = a;
  if (existed && a.outcome == Attempt::Outcome::failed) a = probe(path);
  notice.saving = false;
  switch (a.outcome) {
    case Attempt::Outcome::busy:
      notice.kind = StoreNotice::Kind::busy;
      if (auto copy = from_snapshot(path, false, true)) return copy;
      return in_memory();
    case Attempt::Outcome::newer:
      notice.kind = StoreNotice::Kind::newer;
      if (auto copy = from_snapshot(path, true, false)) return copy;
      return in_memory();
    case Attempt::Outcome::programs:
    case Attempt::Outcome::damaged:
      return start_afresh(path, a.outcome == Attempt::Outcome::programs, notice);
    case Attempt::Outcome::opened:
    case Attempt::Outcome::failed:
      break;
  }
  // Readable (or not even that) but not writable here: left as it is, shown from a copy.
  notice.kind = StoreNotice::Kind::unwritable;
  notice.cause = cause_of(written.code, written.sys_errno);
  if (notice.cause == StoreNotice::Cause::other) notice.cause = cause_of_folder(dir);
  notice.detail = written.message;
  if (!existed) remove_if_empty(path);
  if (existed && a.outcome == Attempt::Outcome::opened) {
    if (auto copy = from_snapshot(path, true, true)) {
      notice.shows_saved = true;
      return copy;
    }
  }
  return in_memory();
}

std::unique_ptr<ProgressStore> ProgressStore::start_afresh(const fs::path& path, bool programs,
                                                           StoreNotice& notice) {
  notice.kind = StoreNotice::Kind::damaged;
  notice.programs = programs;
  int error = 0;
  if (!move_aside(path, notice.aside, error)) {
    notice.aside.clear();
    notice.cause = cause_of_errno(error);
    notice.detail = std::strerror(error);
    return in_memory();
  }
  Attempt fresh;
  if (auto store = open_on_disk(path, fresh)) {
    notice.saving = true;
    store->folder_ = path.parent_path();
    return store;
  }
  notice.cause = cause_of(fresh.code, fresh.sys_errno);
  if (notice.cause == StoreNotice::Cause::other) notice.cause = cause_of_folder(path.parent_path());
  notice.detail = fresh.message;
  remove_if_empty(path);
  return in_memory();
}

std::optional<StoreNotice> ProgressStore::take_notice() {
  return std::exchange(notice_, std::nullopt);
}

// A save failed for want of space or permission: what the disk holds stays as it is, and the
// session goes on with a copy of it in memory.
void ProgressStore::keep_in_memory(int code, int sys_errno) {
  auto copy = copy_to_memory(*db_);
  if (!copy) copy = std::move(in_memory()->db_);
  db_ = std::move(copy);
  persistent_ = false;
  StoreNotice n;
  n.kind = StoreNotice::Kind::stopped_saving;
  n.saving = false;
  n.cause = cause_of(code, sys_errno);
  if (n.cause == StoreNotice::Cause::other) n.cause = cause_of_folder(folder_);
  n.detail = sqlite3_errstr(code);
  n.folder = folder_;
  notice_ = n;
}

}  // namespace lessonsim
