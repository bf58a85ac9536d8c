// `lessonsim review`: after lesson 1 is played to the end, review lists and plays its practice.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "lessonsim/loader.hpp"
#include "lessonsim/messages.hpp"
#include "lessonsim/practice.hpp"
#include "lessonsim/review_queue.hpp"
#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

const std::string source = LESSONSIM_SOURCE_DIR;

// Plays lesson 1 to its end in the terminal, saving into `dir`.
void finish_lesson_one(const TempDir& dir) {
  CliResult r = run_cli(
      "play " + source + "/lessons/datacenter-split.json --locale en --data-dir " +
      dir.path().string() + " --script " + source + "/tests/app/data/datacenter-split.play");
  INFO(r.out);
  REQUIRE(r.code == 0);
  REQUIRE(r.out.find("Lesson complete!") != std::string::npos);
}

nlohmann::json listed(const TempDir& dir, const std::string& day) {
  CliResult r = run_cli("review --list --json --data-dir " + dir.path().string() + " --at " + day);
  INFO(r.out);
  REQUIRE(r.code == 0);
  auto j = nlohmann::json::parse(r.out, nullptr, false);
  REQUIRE(j.is_object());
  return j;
}

}  // namespace

TEST_CASE("review --list: lesson 1 finished, 30 days later its practice has fresh numbers",
          "[cli][review]") {
  TempDir dir;
  finish_lesson_one(dir);
  std::string later = lessonsim::iso_day(lessonsim::today_utc() + 30);
  nlohmann::json j = listed(dir, later);
  REQUIRE(j["items"].is_array());
  const nlohmann::json* practice = nullptr;
  int quizzes = 0;
  for (const auto& item : j["items"]) {
    CHECK(item["lesson"] == "datacenter-split");
    CHECK(item["due"].get<std::string>() <= later);
    if (item["kind"] == "quiz") ++quizzes;
    if (item["kind"] == "practice") practice = &item;
  }
  CHECK(quizzes == 3);  // newer-chip, why-not-wait, power-quiz
  REQUIRE(practice);
  CHECK((*practice)["step"] == "drive");
  CHECK((*practice)["seed"].is_number_unsigned());
  const auto& settings = (*practice)["settings"];
  REQUIRE(settings.contains("model_gb"));
  REQUIRE(settings.contains("gpu_memory_gb"));
  CHECK(settings["model_gb"] != 280);
  CHECK(settings["gpu_memory_gb"] != 80);

  // Nothing is due on the day it was finished: review starts the day after.
  CHECK(listed(dir, lessonsim::iso_day(lessonsim::today_utc()))["items"].empty());
}

TEST_CASE("review: the terminal review plays the practice item on the engine and reschedules it",
          "[cli][review]") {
  TempDir dir;
  finish_lesson_one(dir);
  std::int64_t day = lessonsim::today_utc() + 30;
  nlohmann::json j = listed(dir, lessonsim::iso_day(day));
  lessonsim::Diagnostics diags("datacenter-split.json");
  auto lesson = lessonsim::load_lesson_file(source + "/lessons/datacenter-split.json", diags);
  REQUIRE(lesson);
  const lessonsim::Step& drive =
      lesson->steps[static_cast<std::size_t>(lesson->step_index("drive"))];
  // The learner's lines for every item in the listed order: quiz questions answered and rated
  // good; the practice predicted right and driven straight to the goal.
  std::string script;
  for (const auto& item : j["items"]) {
    if (item["kind"] == "quiz") {
      script += "1\n3\n";
      continue;
    }
    std::string error;
    auto practice =
        lessonsim::practice_lesson(*lesson, drive, item["seed"].get<std::uint64_t>(), error);
    REQUIRE(practice);
    lessonsim::Engine engine(practice);
    script += std::to_string(practice->steps[0].answer + 1) + "\nnext\n";
    for (int k = 1; k < static_cast<int>(engine.value("min_gpus")); ++k)
      script += "+\n";
  }
  TempDir scripts;
  auto file = scripts.write("review.txt", script);
  CliResult r = run_cli("review --locale en --data-dir " + dir.path().string() + " --at " +
                        lessonsim::iso_day(day) + " --script " + file.string());
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("Practice right first time (right_first_time)") != std::string::npos);
  // FSRS-4.5 gives a first "good" 4 days.
  // The day as English writes dates (tests/core/messages_test.cpp holds the format itself).
  const std::string next =
      lessonsim::tr("en", lessonsim::Message("cli.review.next_review").day("day", day + 4));
  CHECK(next.find(lessonsim::iso_day(day + 4)) == std::string::npos);
  CHECK(r.out.find(next) != std::string::npos);
  CHECK(r.out.find("Another model, another chip") != std::string::npos);
  // Reviewed: nothing left that day, and the practice comes back with its next seed.
  CHECK(listed(dir, lessonsim::iso_day(day))["items"].empty());
  nlohmann::json after = listed(dir, lessonsim::iso_day(day + 4));
  bool again = false;
  for (const auto& item : after["items"]) {
    if (item["kind"] != "practice") continue;
    again = true;
    CHECK(item["due"] == lessonsim::iso_day(day + 4));
  }
  CHECK(again);
}

TEST_CASE("review: a date that is not YYYY-MM-DD is a usage error", "[cli][review]") {
  TempDir dir;
  CliResult r = run_cli("review --list --data-dir " + dir.path().string() + " --at 2026-13-40");
  CHECK(r.code == 2);
  CHECK(r.out.find("YYYY-MM-DD") != std::string::npos);
}
