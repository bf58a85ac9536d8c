// A statement on a progress store has a time limit, and a store's schema cannot make SQLite run
// triggers or views on the program's behalf.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include "../support/test_files.hpp"
#include "lessonsim/sqlite_connection.hpp"

using namespace lessonsim;
using namespace std::chrono_literals;

TEST_CASE("sqlite connection: a statement that never ends is stopped at its time limit",
          "[progress][sqlite]") {
  sqlite::Connection db(":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, 50ms);
  REQUIRE(db.ok());
  sqlite::Statement endless(
      db, "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT max(x) FROM c");
  CHECK_FALSE(endless.step());
  CHECK(endless.result() == SQLITE_INTERRUPT);
  // The next statement has its own clock.
  sqlite::Statement quick(db, "SELECT 1 + 1");
  REQUIRE(quick.step());
  CHECK(quick.integer(0) == 2);
  CHECK(db.exec("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
                "SELECT max(x) FROM c") == SQLITE_INTERRUPT);
}

TEST_CASE("sqlite connection: triggers and views in a file do not run", "[progress][sqlite]") {
  auto dir = test::fresh_dir("sqlite", "programs");
  std::string file = (dir / "store.db").string();
  {
    sqlite3* raw = nullptr;
    REQUIRE(sqlite3_open(file.c_str(), &raw) == SQLITE_OK);
    REQUIRE(
        sqlite3_exec(raw,
                     "CREATE TABLE t (x); CREATE TABLE log (x);"
                     "CREATE TRIGGER copy AFTER INSERT ON t BEGIN INSERT INTO log VALUES (1); END;"
                     "CREATE VIEW v AS SELECT 42",
                     nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(raw);
  }
  sqlite::Connection db(file, SQLITE_OPEN_READWRITE);
  REQUIRE(db.ok());
  CHECK(db.exec("INSERT INTO t VALUES (1)") == SQLITE_OK);
  sqlite::Statement logged(db, "SELECT count(*) FROM log");
  REQUIRE(logged.step());
  CHECK(logged.integer(0) == 0);
  sqlite::Statement view(db, "SELECT * FROM v");
  CHECK_FALSE(view.step());
  CHECK(view.result() != SQLITE_DONE);
}
