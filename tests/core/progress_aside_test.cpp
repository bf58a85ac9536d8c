// A damaged progress store is moved aside as a whole: the database with its write-ahead log and
// shared-memory index, so whoever looks at it later (the sqlite3 shell) still finds the latest
// moves, which live in the log until a checkpoint.
#include <catch2/catch.hpp>

#include <sqlite3.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "../support/test_files.hpp"
#include "lessonsim/progress.hpp"

using namespace lessonsim;
namespace fs = std::filesystem;

namespace {

void exec(sqlite3* db, const char* sql) {
  char* message = nullptr;
  int rc = sqlite3_exec(db, sql, nullptr, nullptr, &message);
  INFO(sql << ": " << (message ? message : ""));
  sqlite3_free(message);
  REQUIRE(rc == SQLITE_OK);
}

// What a crash leaves on disk: a database whose older pages were checkpointed and whose latest
// change is only in the write-ahead log, as copied while the writer still had it open.
fs::path crashed_store_with_log(const std::string& name) {
  fs::path live = test::fresh_dir("aside", name + "-live");
  fs::path copy = test::fresh_dir("aside", name);
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open((live / ProgressStore::file_name).c_str(), &db) == SQLITE_OK);
  exec(db, "PRAGMA journal_mode=WAL");
  exec(db, "CREATE TABLE filler (id INTEGER PRIMARY KEY, body TEXT)");
  exec(db,
       "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400) "
       "INSERT INTO filler (body) SELECT printf('%.200c', 'x') FROM n");
  exec(db, "PRAGMA wal_checkpoint(TRUNCATE)");
  exec(db, "PRAGMA wal_autocheckpoint=0");
  exec(db, "CREATE TABLE latest (note TEXT); INSERT INTO latest VALUES ('the last move')");
  for (const char* suffix : {"", "-wal", "-shm"}) {
    std::string f = std::string(ProgressStore::file_name) + suffix;
    fs::copy_file(live / f, copy / f);
  }
  sqlite3_close(db);
  fs::remove_all(live);
  return copy;
}

// Damages one page of the filler table in the database file, a page the log does not hold.
void damage_page(const fs::path& db_file, int page) {
  std::fstream f(db_file, std::ios::in | std::ios::out | std::ios::binary);
  f.seekp(static_cast<std::streamoff>(page - 1) * 4096);
  std::string junk(4096, '\xA5');
  f.write(junk.data(), static_cast<std::streamsize>(junk.size()));
}

std::string sqlite3_shell(const fs::path& db_file, const std::string& sql) {
  std::string cmd = "sqlite3 '" + db_file.string() + "' \"" + sql + "\" 2>&1";
  std::string out;
  FILE* pipe = popen(cmd.c_str(), "r");
  REQUIRE(pipe);
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0)
    out.append(buf.data(), n);
  pclose(pipe);
  return out;
}

}  // namespace

TEST_CASE("progress: a corrupt store is moved aside with its -wal and -shm", "[progress]") {
  fs::path dir = crashed_store_with_log("corrupt-with-log");
  damage_page(dir / ProgressStore::file_name, 5);

  StoreNotice notice;
  auto store = ProgressStore::open(dir, notice);
  REQUIRE(store);
  REQUIRE(notice.kind == StoreNotice::Kind::damaged);
  fs::path aside = notice.aside;
  CHECK(fs::exists(aside));
  CHECK(fs::exists(aside.string() + "-wal"));
  CHECK(fs::exists(aside.string() + "-shm"));
  // The fresh store starts with no log of the old one beside it.
  CHECK_FALSE(store->setting("locale"));

  // The set moved aside still opens, and the move that lived only in the log is there.
  CHECK(sqlite3_shell(aside, "SELECT note FROM latest") == "the last move\n");
}

TEST_CASE("progress: a store from a newer lessonsim is read with its log, never moved or changed",
          "[progress]") {
  fs::path dir = crashed_store_with_log("newer");
  {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open((dir / ProgressStore::file_name).c_str(), &db) == SQLITE_OK);
    exec(db, "PRAGMA wal_autocheckpoint=0");
    // One more than this lessonsim's schema, whatever that is now.
    std::string newer =
        "PRAGMA user_version = " + std::to_string(ProgressStore::schema_version + 1);
    exec(db, newer.c_str());
    sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
    sqlite3_close(db);
  }
  fs::path db_file = dir / ProgressStore::file_name;
  fs::path log = db_file.string() + "-wal";
  REQUIRE(fs::exists(log));
  std::string db_bytes = test::file_bytes(db_file), log_bytes = test::file_bytes(log);

  StoreNotice notice;
  auto store = ProgressStore::open(dir, notice);
  CHECK(notice.kind == StoreNotice::Kind::newer);
  CHECK_FALSE(notice.saving);
  CHECK_FALSE(store->persistent());
  store.reset();
  // Nothing beside it, nothing in it changed; the move that lived only in the log is still there.
  for (const auto& entry : fs::directory_iterator(dir))
    CHECK(entry.path().filename().string().find("broken") == std::string::npos);
  CHECK(test::file_bytes(db_file) == db_bytes);
  CHECK(test::file_bytes(log) == log_bytes);
  CHECK(sqlite3_shell(db_file, "PRAGMA user_version") ==
        std::to_string(ProgressStore::schema_version + 1) + "\n");
  CHECK(sqlite3_shell(db_file, "SELECT note FROM latest") == "the last move\n");
}
