// `play` and `progress` on a progress store edited by hand: the damaged lesson starts over with
// a message, the rest is shown as it is, and nothing aborts.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

const std::string lesson = std::string(LESSONSIM_SOURCE_DIR) + "/lessons/datacenter-split.json";

void edit_store(const std::filesystem::path& dir, const char* sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open((dir / "progress.db").c_str(), &db) == SQLITE_OK);
  char* message = nullptr;
  CHECK(sqlite3_exec(db, sql, nullptr, nullptr, &message) == SQLITE_OK);
  sqlite3_free(message);
  sqlite3_close(db);
}

}  // namespace

TEST_CASE("cli saved state: a hand-edited store never aborts play or progress", "[cli][saved]") {
  TempDir dir;
  auto script = dir.write("to-drive.txt", "goto drive\n");
  std::string data = " --data-dir " + dir.path().string();
  REQUIRE(run_cli("play " + lesson + " --locale en --script " + script.string() + data).code == 0);
  // The saved step becomes a number, and a lesson id is not UTF-8.
  edit_store(dir.path(),
             "UPDATE lessons SET state = '{\"lesson\": \"datacenter-split\", \"step\": 7}';"
             "INSERT INTO lessons VALUES (CAST(x'ff6768' AS TEXT), 'h', '[1]', 1, '', '');");

  auto text = run_cli("progress" + data);
  CHECK(text.code == 0);
  CHECK_THAT(text.out, Catch::Contains("in progress  datacenter-split  (step )"));
  auto json = run_cli("progress --json" + data);
  CHECK(json.code == 0);
  auto parsed = nlohmann::json::parse(json.out, nullptr, false);
  REQUIRE(parsed.is_object());
  CHECK(parsed["lessons"].size() == 2);

  auto play = run_cli("play " + lesson + " --locale en --script " + script.string() + data);
  CHECK(play.code == 0);
  CHECK_THAT(play.out, Catch::Contains("could not be read, so it starts over"));
  CHECK_THAT(play.out, Catch::Contains("Step 1/"));
  // The goto in the script was played and saved over the damaged row; the other row is as it was.
  auto after = nlohmann::json::parse(run_cli("progress --json" + data).out, nullptr, false);
  REQUIRE(after.is_object());
  CHECK(after["lessons"].size() == 2);
  CHECK(after["lessons"][0]["step"] == "drive");
}

TEST_CASE("cli saved state: a step given its own machine since the save resumes where it was",
          "[cli][saved][format3]") {
  TempDir dir;
  std::ifstream in(std::string(LESSONSIM_SOURCE_DIR) + "/tests/core/data/format3_machines.json");
  nlohmann::json now = nlohmann::json::parse(in);
  // The lesson as it was: "stack" a narrate step on the lesson's split machine.
  nlohmann::json before = now;
  for (auto& s : before["steps"]) {
    if (s["id"] != "stack") continue;
    for (const char* key : {"machine", "setup", "actions", "point"})
      s.erase(key);
    s["text"] = {{"en", "{gpus} GPUs."}};
  }
  auto file = dir.write("lesson.json", before.dump(1)).string();
  std::string data = " --data-dir " + dir.path().string();
  auto to_stack = dir.write("to-stack.txt", "set_gpus 4\nnext\n");
  auto first = run_cli("play " + file + " --locale en --script " + to_stack.string() + data);
  REQUIRE(first.code == 0);
  REQUIRE_THAT(first.out, Catch::Contains("4 GPUs."));

  dir.write("lesson.json", now.dump(1));
  auto on = dir.write("on.txt", "goto back\n");
  auto second = run_cli("play " + file + " --locale en --script " + on.string() + data);
  CHECK(second.code == 0);
  CHECK_THAT(second.out, Catch::Contains("you are on the same step"));
  CHECK_THAT(second.out, Catch::Contains("Step 2/7"));
  CHECK_THAT(second.out, Catch::Contains("2 GPUs at ZeRO 2"));  // the step's own memory stack
  CHECK_THAT(second.out, Catch::Contains("Back to 4 GPUs."));   // the learner's split machine
}
