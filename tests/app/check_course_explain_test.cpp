// `lessonsim check` on the issues an instructor met: answers from the machine, the course beside
// the lessons, and the state explorer's table.
#include <catch2/catch.hpp>

#include <filesystem>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;

namespace {

const fs::path lessons = fs::path(LESSONSIM_SOURCE_DIR) / "lessons";

std::string lesson_one_with(const std::string& find, const std::string& replace) {
  std::string text = read_text_file(lessons / "datacenter-split.json");
  auto at = text.find(find);
  REQUIRE(at != std::string::npos);
  return text.replace(at, find.size(), replace);
}

}  // namespace

TEST_CASE("check: lesson 1 with a 350 GB model fails at its prediction; 320 GB passes",
          "[cli][questions]") {
  TempDir dir;
  auto big = dir.write("big.json", lesson_one_with("\"model_gb\": 280", "\"model_gb\": 350"));
  auto r = run_cli("check " + big.string());
  INFO(r.out);
  CHECK(r.code == 1);
  CHECK_THAT(r.out, Catch::Contains(big.string() + ":"));
  CHECK_THAT(r.out, Catch::Contains(": error: \"min_gpus\" is 5 on this machine, and no choice "
                                    "has that value"));
  CHECK_THAT(r.out, Catch::Contains("(at /steps/1/answer_from)"));

  auto fits = dir.write("fits.json", lesson_one_with("\"model_gb\": 280", "\"model_gb\": 320"));
  auto ok = run_cli("check " + fits.string());
  INFO(ok.out);
  CHECK(ok.code == 0);
}

TEST_CASE("check: the course beside the lessons — drafts, next and ids used twice",
          "[cli][course]") {
  TempDir dir;
  std::string one = read_text_file(lessons / "datacenter-split.json");
  dir.write("datacenter-split.json", lesson_one_with("\"next\": \"training-memory\",", ""));
  dir.write("course.json",
            R"({"lessons": [{"id": "datacenter-split", "file": "datacenter-split.json"}]})");
  // A draft beside the course whose next names no lesson of it.
  std::string draft = lesson_one_with("\"id\": \"datacenter-split\"", "\"id\": \"draft\"");
  auto at = draft.find("\"next\": \"training-memory\"");
  REQUIRE(at != std::string::npos);
  draft.replace(at, 25, "\"next\": \"datacenter-splt\"");
  dir.write("draft.json", draft);
  // Two more files with the draft's id.
  dir.write("draft-copy.json", draft);
  auto r = run_cli("check " + dir.path().string());
  INFO(r.out);
  CHECK(r.code == 1);
  CHECK_THAT(r.out, Catch::Contains("draft.json:4:9: warning: lesson \"draft\" is not in"));
  CHECK_THAT(r.out, Catch::Contains("error: \"next\" names \"datacenter-splt\", which is no lesson "
                                    "of"));
  CHECK_THAT(r.out, Catch::Contains("did you mean \"datacenter-split\"?"));
  CHECK_THAT(r.out, Catch::Contains("draft.json:4:9: error: lesson id \"draft\" is already the id "
                                    "of"));

  // A listed lesson checked on its own is held to the course's path too.
  dir.write("datacenter-split.json", one);
  auto alone = run_cli("check " + (dir.path() / "datacenter-split.json").string());
  INFO(alone.out);
  CHECK(alone.code == 1);
  CHECK_THAT(alone.out, Catch::Contains("error: \"next\" is \"training-memory\", but"));
}

TEST_CASE("check --explain: an operate step's states by rule", "[cli][explorer]") {
  auto r = run_cli("check --explain drive " + (lessons / "datacenter-split.json").string());
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("rule \"one-gpu\" (feedback/0): gpus == 1 && !fits — 1 "
                                    "state(s)"));
  CHECK_THAT(r.out, Catch::Contains("goal met, the reveal shows: fits && gpus == min_gpus — 1 "
                                    "state(s)"));
  CHECK_THAT(r.out, Catch::Contains("no feedback"));

  auto typo = run_cli("check --explain drvie " + (lessons / "datacenter-split.json").string());
  CHECK(typo.code == 2);
  CHECK_THAT(typo.out, Catch::Contains("did you mean \"drive\"?"));
}
