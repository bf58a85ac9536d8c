// `lessonsim new`: a scaffold that loads, lints clean and passes its own playthroughs.
#include <catch2/catch.hpp>

#include <set>

#include <nlohmann/json.hpp>

#include "lessonsim/lesson.hpp"
#include "lessonsim/machine.hpp"
#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;

TEST_CASE("new: writes a lesson with every step kind that check and test accept", "[new]") {
  TempDir dir;
  fs::path file = dir.path() / "my-lesson.json";
  auto made = run_cli("new my-lesson --out " + file.string());
  INFO(made.out);
  REQUIRE(made.code == 0);
  REQUIRE(fs::exists(file));

  auto lesson = nlohmann::json::parse(read_text_file(file));
  CHECK(lesson["id"] == "my-lesson");
  CHECK(lesson["format"] == lessonsim::current_format);  // what this lessonsim writes
  std::set<std::string> kinds;
  for (const auto& step : lesson["steps"])
    kinds.insert(step["kind"].get<std::string>());
  CHECK(kinds == std::set<std::string>{"narrate", "predict", "demo", "operate", "quiz", "summary"});
  CHECK(lesson["playthroughs"].size() >= 1);
  // The $schema path resolves from the lesson's folder to the shipped schema.
  fs::path schema = file.parent_path() / lesson["$schema"].get<std::string>();
  CHECK(fs::equivalent(schema, fs::path(LESSONSIM_SOURCE_DIR) / "assets/lesson.schema.json"));

  auto checked = run_cli("check " + file.string());
  INFO(checked.out);
  CHECK(checked.code == 0);
  CHECK_THAT(checked.out, Catch::Contains("no problems"));  // no warning either

  auto tested = run_cli("test " + file.string());
  INFO(tested.out);
  CHECK(tested.code == 0);
  CHECK_THAT(tested.out, Catch::Contains("2 passed, 0 failed"));
}

TEST_CASE("new: never overwrites, and refuses a bad id", "[new]") {
  TempDir dir;
  fs::path file = dir.write("taken.json", "mine");
  auto again = run_cli("new taken --out " + file.string());
  CHECK(again.code == 3);
  CHECK_THAT(again.out, Catch::Contains("exists already"));
  CHECK(read_text_file(file) == "mine");

  for (const char* bad : {"'Bad Id'", "UPPER", "'a/b'", "''"}) {
    INFO(bad);
    auto r = run_cli(std::string("new ") + bad + " --out " + (dir.path() / "x.json").string());
    CHECK(r.code == 2);
    CHECK_THAT(r.out, Catch::Contains("lesson id"));
    CHECK_FALSE(fs::exists(dir.path() / "x.json"));
  }
  CHECK(run_cli("new").code == 2);
}

TEST_CASE("new: without --out writes ID.json in the current folder", "[new]") {
  TempDir dir;
  fs::path before = fs::current_path();
  fs::current_path(dir.path());
  auto r = run_cli("new here-it-is");
  fs::current_path(before);
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(fs::exists(dir.path() / "here-it-is.json"));
}

TEST_CASE("new: the scaffold's summary does not repeat the card's own label", "[new]") {
  TempDir dir;
  fs::path file = dir.path() / "labels.json";
  REQUIRE(run_cli("new labels --out " + file.string()).code == 0);
  auto lesson = nlohmann::json::parse(read_text_file(file));
  for (const auto& step : lesson["steps"]) {
    if (step["kind"] != "summary") continue;
    // The window and `play` print "Next:" / "Lo siguiente:" before the text themselves.
    CHECK_FALSE(step["leads_to"]["en"].get<std::string>().starts_with("Next:"));
    CHECK_FALSE(step["leads_to"]["es"].get<std::string>().starts_with("Lo siguiente:"));
  }
}

TEST_CASE("new --kind: every registered kind scaffolds a lesson that check and test accept",
          "[new]") {
  TempDir dir;
  for (const lessonsim::MachineSpec* spec : lessonsim::machine_kinds()) {
    INFO(spec->kind);
    fs::path file = dir.path() / (spec->kind + ".json");
    auto made = run_cli("new " + spec->kind + " --kind " + spec->kind + " --out " + file.string());
    INFO(made.out);
    REQUIRE(made.code == 0);
    auto lesson = nlohmann::json::parse(read_text_file(file));
    CHECK(lesson["machine"]["kind"] == spec->kind);
    auto checked = run_cli("check " + file.string());
    INFO(checked.out);
    CHECK(checked.code == 0);
    auto tested = run_cli("test " + file.string());
    INFO(tested.out);
    CHECK(tested.code == 0);
    CHECK_THAT(tested.out, Catch::Contains(" passed, 0 failed"));
  }
  CHECK(run_cli("new x --kind teapot --out " + (dir.path() / "t.json").string()).code == 2);
}

TEST_CASE("new --kind formula: a machine declared in the file, checked and tested", "[new]") {
  TempDir dir;
  fs::path file = dir.path() / "own-machine.json";
  auto made = run_cli("new own-machine --kind formula --out " + file.string());
  INFO(made.out);
  REQUIRE(made.code == 0);
  auto lesson = nlohmann::json::parse(read_text_file(file));
  CHECK(lesson["machine"]["kind"] == "formula");
  CHECK(lesson["machine"]["picture"].size() >= 1);
  auto checked = run_cli("check " + file.string());
  INFO(checked.out);
  CHECK(checked.code == 0);
  CHECK_THAT(checked.out, Catch::Contains("no problems"));
  auto tested = run_cli("test " + file.string() + " --fuzz 300 --seed 3");
  INFO(tested.out);
  CHECK(tested.code == 0);
  CHECK_THAT(tested.out, Catch::Contains("0 failed"));
  CHECK(run_cli("new other --kind nosuch --out " + (dir.path() / "x.json").string()).code == 2);
}
