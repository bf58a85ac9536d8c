// Opening a progress store that is not simply usable never costs the learner what was saved: a
// store with triggers or views is moved aside whole without running them, a damaged one never
// onto an existing file, and a store that cannot be written is read and left as it is.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>

#include "../support/test_files.hpp"
#include "lessonsim/progress.hpp"

using namespace lessonsim;
namespace fs = std::filesystem;

namespace {

void run_sql(const fs::path& db_file, const char* sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(db_file.c_str(), &db) == SQLITE_OK);
  char* message = nullptr;
  int rc = sqlite3_exec(db, sql, nullptr, nullptr, &message);
  INFO(sql << ": " << (message ? message : ""));
  sqlite3_free(message);
  sqlite3_close(db);
  REQUIRE(rc == SQLITE_OK);
}

// A store as lessonsim leaves it, with one finished lesson.
fs::path store_with_a_finished_lesson(const std::string& name) {
  fs::path dir = test::fresh_dir("open", name);
  StoreNotice notice;
  auto store = ProgressStore::open(dir, notice);
  REQUIRE(notice.empty());
  store->save_lesson({"datacenter-split", "h", {{"step", "wrap"}}, true, "2026-01-02"}, {});
  return dir;
}

// Every second-resolution name a store moved aside now could take.
std::vector<fs::path> aside_names_near_now(const fs::path& db_file) {
  std::vector<fs::path> names;
  for (int ahead = 0; ahead < 3; ++ahead) {
    std::time_t t = std::time(nullptr) + ahead;
    std::tm tm{};
    gmtime_r(&t, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    names.emplace_back(db_file.string() + ".broken-" + stamp);
  }
  return names;
}

constexpr const char* endless =
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT max(x) FROM c";

}  // namespace

TEST_CASE("progress open: a trigger that never ends is not run; the store is moved aside whole",
          "[progress][open]") {
  fs::path dir = store_with_a_finished_lesson("trigger");
  fs::path db_file = dir / ProgressStore::file_name;
  run_sql(db_file,
          (std::string("CREATE TRIGGER spin AFTER INSERT ON lessons BEGIN ") + endless + "; END;")
              .c_str());
  std::string bytes = test::file_bytes(db_file);

  StoreNotice notice;
  auto store = ProgressStore::open(dir, notice);
  CHECK(notice.kind == StoreNotice::Kind::damaged);
  CHECK(notice.programs);
  CHECK(notice.saving);
  REQUIRE_FALSE(notice.aside.empty());
  CHECK(test::file_bytes(notice.aside) == bytes);
  // The first save, which would have fired the trigger, saves.
  store->save_lesson({"training-memory", "h", {{"step", "hook"}}, false, ""}, {});
  CHECK(store->lesson("training-memory"));
  CHECK(store->persistent());
}

TEST_CASE("progress open: a view in the place of a table is not read; the store is moved aside",
          "[progress][open]") {
  fs::path dir = store_with_a_finished_lesson("view");
  fs::path db_file = dir / ProgressStore::file_name;
  run_sql(db_file, (std::string("DROP TABLE lessons; CREATE VIEW lessons (lesson_id, lesson_hash, "
                                "state, done, done_at) AS SELECT x, '', '{}', 1, '' FROM (") +
                    endless + ")")
                       .c_str());
  StoreNotice notice;
  auto store = ProgressStore::open(dir, notice);
  CHECK(notice.kind == StoreNotice::Kind::damaged);
  CHECK(notice.programs);
  CHECK(store->lessons().empty());
  CHECK(fs::exists(notice.aside));
}

TEST_CASE("progress open: a damaged store is never moved onto an existing file",
          "[progress][open]") {
  fs::path dir = test::fresh_dir("open", "taken");
  fs::path db_file = dir / ProgressStore::file_name;
  // Stores moved aside before, under every name a move made now could take by its clock.
  std::vector<fs::path> earlier = aside_names_near_now(db_file);
  for (const auto& name : earlier)
    std::ofstream(name) << "an earlier store, " << name.filename().string();
  std::ofstream(db_file) << std::string(8192, 'x');

  StoreNotice notice;
  auto store = ProgressStore::open(dir, notice);
  REQUIRE(notice.kind == StoreNotice::Kind::damaged);
  CHECK(test::file_bytes(notice.aside) == std::string(8192, 'x'));
  for (const auto& name : earlier) {
    CHECK(name != notice.aside);
    CHECK(test::file_bytes(name) == "an earlier store, " + name.filename().string());
  }

  // Damaged again in the same second: a third name, the first two kept.
  fs::path first = notice.aside;
  store.reset();
  std::ofstream(db_file, std::ios::trunc) << std::string(8192, 'y');
  auto again = ProgressStore::open(dir, notice);
  REQUIRE(notice.kind == StoreNotice::Kind::damaged);
  CHECK(notice.aside != first);
  CHECK(test::file_bytes(first) == std::string(8192, 'x'));
  CHECK(test::file_bytes(notice.aside) == std::string(8192, 'y'));
}

TEST_CASE("progress open: --data-dir on a regular file keeps progress in memory and says why",
          "[progress][open]") {
  fs::path dir = test::fresh_dir("open", "file");
  fs::path file = dir / "notes.txt";
  std::ofstream(file) << "my notes";
  StoreNotice notice;
  auto store = ProgressStore::open(file, notice);
  CHECK(notice.kind == StoreNotice::Kind::unwritable);
  CHECK(notice.cause == StoreNotice::Cause::not_a_folder);
  CHECK_FALSE(notice.saving);
  CHECK_FALSE(store->persistent());
  store->set_setting("locale", "es");
  CHECK(store->setting("locale") == "es");
  CHECK(test::file_bytes(file) == "my notes");
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
}

TEST_CASE("progress open: a store from a newer lessonsim is shown, and left as it is",
          "[progress][open]") {
  fs::path dir = store_with_a_finished_lesson("newer");
  fs::path db_file = dir / ProgressStore::file_name;
  // A later version added a column and a table, and counts itself one more than this one.
  std::string newer =
      "ALTER TABLE lessons ADD COLUMN minutes INTEGER NOT NULL DEFAULT 0;"
      "CREATE TABLE later_things (id INTEGER PRIMARY KEY, body TEXT);"
      "PRAGMA user_version = " +
      std::to_string(ProgressStore::schema_version + 1);
  run_sql(db_file, newer.c_str());
  std::string bytes = test::file_bytes(db_file);

  StoreNotice notice;
  auto store = ProgressStore::open(dir, notice);
  CHECK(notice.kind == StoreNotice::Kind::newer);
  CHECK_FALSE(store->persistent());
  auto saved = store->lesson("datacenter-split");
  REQUIRE(saved);
  CHECK(saved->done);
  store->save_lesson({"training-memory", "h", {{"step", "hook"}}, false, ""}, {});
  CHECK(store->lesson("training-memory"));
  store.reset();
  CHECK(test::file_bytes(db_file) == bytes);

  // Opened again, it is the same: nothing from the session above reached it.
  auto later = ProgressStore::open(dir, notice);
  CHECK(notice.kind == StoreNotice::Kind::newer);
  CHECK_FALSE(later->lesson("training-memory"));
  CHECK(later->lesson("datacenter-split"));
}

TEST_CASE("progress open: what the learner is told names what happened", "[progress][open]") {
  StoreNotice moved;
  moved.kind = StoreNotice::Kind::damaged;
  moved.aside = "/data/progress.db.broken-1";
  CHECK(moved.message().id == "progress.damaged");
  CHECK(moved.message().args.at(0).nested.at(0).id == "progress.kept_as");
  CHECK(moved.message().args.at(1).nested.at(0).id == "progress.fresh_record");

  StoreNotice stuck = moved;
  stuck.aside.clear();
  stuck.saving = false;
  stuck.cause = StoreNotice::Cause::read_only;
  CHECK(stuck.message().args.at(0).nested.at(0).id == "progress.left_as_it_is");
  CHECK(stuck.message().args.at(1).nested.at(0).id == "progress.not_saving");

  StoreNotice fine;
  CHECK(fine.message().empty());
}
