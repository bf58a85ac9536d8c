#include <catch2/catch.hpp>

#include "../app/temp_dir.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/playthrough.hpp"
#include "lessonsim/playthrough_append.hpp"
#include "lessonsim/recording.hpp"
#include "lessonsim/settings.hpp"

using namespace lessonsim;

namespace {

const std::string split_path = std::string(LESSONSIM_SOURCE_DIR) + "/lessons/datacenter-split.json";

// The shipped lesson as format 3 (its keys are all format 3's; the shipped file is raised to 4
// for its pictures' focus): a recording into it counts its actions, with no labels.
std::string split_text() {
  std::string text, error;
  REQUIRE(read_file(split_path, text, error));
  const std::string four = "\"format\": 4";
  if (const auto at = text.find(four); at != std::string::npos)
    text.replace(at, four.size(), "\"format\": 3");
  return text;
}

std::shared_ptr<const Lesson> load_file(const std::filesystem::path& path) {
  Diagnostics d(path.string());
  auto lesson = load_lesson_file(path, d);
  for (const auto& diag : d.all())
    UNSCOPED_INFO(format_gcc(diag));
  REQUIRE(lesson);
  return lesson;
}

// The shipped lesson as format 3 (split_text), loaded.
std::shared_ptr<const Lesson> load_split() {
  Diagnostics d("datacenter-split.json");
  auto lesson = load_lesson(split_text(), d);
  for (const auto& diag : d.all())
    UNSCOPED_INFO(format_gcc(diag));
  REQUIRE(lesson);
  return lesson;
}

const Playthrough& named(const Lesson& lesson, const std::string& name) {
  for (const auto& p : lesson.playthroughs) {
    if (p.name == name) return p;
  }
  FAIL("no playthrough " << name);
  return lesson.playthroughs.front();
}

// Plays from `start` as the window does while recording: a fresh engine, a goto, then `moves`.
nlohmann::json record(const std::shared_ptr<const Lesson>& lesson, const std::string& start,
                      const std::vector<Action>& moves, const std::string& name) {
  Engine engine(lesson);
  PlaythroughRecorder recorder;
  Action go = PlaythroughRecorder::start_at(start);
  recorder.observe(go, engine.apply(go), engine);
  for (const auto& a : moves)
    recorder.observe(a, engine.apply(a), engine);
  return recorder.playthrough(name, engine);
}

std::vector<Action> from_guess() {
  auto go = [](const char* op) { return Action::make(op); };
  std::vector<Action> moves = {Action::with("choose", "i", 2),
                               go("next"),
                               go("add_gpu"),  // refused: this step only slices and merges
                               go("slice"),
                               go("slice"),
                               go("slice"),
                               go("next"),
                               go("next"),
                               go("add_gpu"),
                               go("add_gpu"),
                               go("add_gpu"),
                               go("add_gpu"),
                               go("remove_gpu"),
                               go("next"),
                               go("add_gpu"),
                               go("add_gpu"),
                               go("next"),
                               Action::with("choose", "i", 0),  // the newer chip: wrong, then right
                               Action::with("choose", "i", 1),
                               go("next"),
                               Action::with("choose", "i", 0),  // why not wait: wrong, then right
                               Action::with("choose", "i", 1),
                               go("next"),
                               go("add_server"),  // the rack step's own machine
                               Action::with("set_servers", "n", 18),
                               go("next"),
                               go("zoom_out"),
                               go("zoom_out"),
                               go("zoom_out"),
                               go("next"),
                               Action::with("choose", "i", 1),  // the power quiz
                               go("next"),
                               go("next")};
  return moves;
}

bool has_key(const nlohmann::json& expect, const char* key) {
  for (const auto& e : expect) {
    if (e.contains(key)) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("recording: a play of datacenter-split replays green from the lesson file",
          "[recording]") {
  TempDir dir;
  auto copy = dir.write("datacenter-split.json", split_text());
  auto lesson = load_file(copy);
  nlohmann::json p = record(lesson, "guess", from_guess(), "recorded from guess");

  const nlohmann::json& expect = p["expect"];
  CHECK(p["actions"][0] == nlohmann::json({{"do", "goto"}, {"step", "guess"}}));
  CHECK(has_key(expect, "rejected"));
  CHECK(has_key(expect, "reveal_shown"));
  CHECK(has_key(expect, "feedback_contains"));
  CHECK(has_key(expect, "correct"));
  CHECK(expect.back()["step"] == "wrap");
  CHECK(expect.back()["finished"] == true);
  CHECK(expect.back()["at_end"] == "gpus == 4 && slice_gb == 70 && fits");  // the summary's setup

  std::string text = split_text(), error;
  REQUIRE(append_playthrough(text, p, error));
  // Everything before the new playthrough is the file as it was, byte for byte.
  std::string original = split_text();
  std::size_t end = original.find_last_not_of(" \n", original.rfind(']') - 1);
  CHECK(text.substr(0, end + 1) == original.substr(0, end + 1));
  REQUIRE(write_file_atomically(copy, text, error));

  auto appended = load_file(copy);
  REQUIRE(appended->playthroughs.size() == lesson->playthroughs.size() + 1);
  for (const auto& old : appended->playthroughs) {
    auto result = run_playthrough(appended, old);
    INFO(old.name << ": " << result.message);
    CHECK(result.passed);
  }
  CHECK(named(*appended, "recorded from guess").actions.size() == p["actions"].size());
}

TEST_CASE("recording: a changed expectation or a changed move makes the replay fail",
          "[recording]") {
  TempDir dir;
  auto lesson = load_file(dir.write("datacenter-split.json", split_text()));
  nlohmann::json p = record(lesson, "guess", from_guess(), "mutated");

  nlohmann::json wrong_feedback = p;
  for (auto& e : wrong_feedback["expect"]) {
    if (e.contains("feedback_contains")) {
      e["feedback_contains"] = "words the lesson never says";
      break;
    }
  }
  nlohmann::json other_move = p;
  for (auto& a : other_move["actions"]) {
    if (a["do"] == "slice") {
      a["do"] = "merge";
      break;
    }
  }
  for (const auto& mutated : {wrong_feedback, other_move}) {
    std::string text = split_text(), error;
    REQUIRE(append_playthrough(text, mutated, error));
    auto file = dir.write("mutated.json", text);
    auto changed = load_file(file);
    auto result = run_playthrough(changed, named(*changed, "mutated"));
    INFO(result.message);
    CHECK_FALSE(result.passed);
  }
}

TEST_CASE("recording: an operate step's recording checks its feedback and the machine",
          "[recording]") {
  auto lesson = load_split();
  std::vector<Action> moves = {Action::make("add_gpu"), Action::make("add_gpu")};
  nlohmann::json p = record(lesson, "drive", moves, "drive only");
  REQUIRE(p["expect"].size() == 4);
  CHECK(p["expect"][0]["step"] == "drive");
  // The rule that fires, by its id, not a snippet of its words.
  CHECK(p["expect"][0]["feedback_rule"] == "one-gpu");
  CHECK_FALSE(has_key(p["expect"], "feedback_contains"));
  // Only what the learner's moves change: the GPU's memory and the fewest GPUs come with the
  // lesson's settings.
  CHECK(p["expect"][3]["at_end"] == "gpus == 3 && !fits");
  CHECK_FALSE(p["expect"][3].contains("finished"));
}

TEST_CASE("recording: the distinctive part of a text is one no other text has", "[recording]") {
  CHECK(distinctive_part("Too big: it overflows by 200 GB", {"Too big: it overflows by 20 GB"}) ==
        "overflows by 200");
  CHECK(distinctive_part("Linked by NVLink, it fits", {"Something else entirely"}) ==
        "Linked by NVLink,");
  CHECK(distinctive_part("two words", {}) == "two words");
  CHECK(distinctive_part("same text", {"same text"}) == "same text");
}

TEST_CASE("recording: appending keeps the layout and makes a missing array", "[recording]") {
  nlohmann::json p = {{"name", "n"},
                      {"actions", {{{"do", "next"}}}},
                      {"expect", {{{"at_end", true}, {"step", "b"}}}}};
  std::string error;
  std::string no_array = "{\n  \"id\": \"x\",\n  \"steps\": []\n}\n";
  REQUIRE(append_playthrough(no_array, p, error));
  CHECK(no_array ==
        "{\n  \"id\": \"x\",\n  \"steps\": [],\n  \"playthroughs\": [\n    {\n"
        "      \"name\": \"n\",\n      \"actions\": [\n        {\"do\": \"next\"}\n      ],\n"
        "      \"expect\": [\n        {\"at_end\": true, \"step\": \"b\"}\n      ]\n    }\n"
        "  ]\n}\n");
  std::string empty = "{\"playthroughs\": [], \"id\": \"ü\"}";
  REQUIRE(append_playthrough(empty, p, error));
  CHECK(nlohmann::json::parse(empty)["playthroughs"][0]["name"] == "n");
  CHECK(nlohmann::json::parse(empty)["id"] == "ü");
  std::string crlf = "{\r\n  \"playthroughs\": [\r\n    {\"name\": \"a\"}\r\n  ]\r\n}\r\n";
  REQUIRE(append_playthrough(crlf, p, error));
  CHECK(crlf.find("\r\n      \"name\": \"n\",\r\n") != std::string::npos);
  CHECK(crlf.find('\n') == crlf.find("\r\n") + 1);
  for (std::size_t at = crlf.find('\n'); at != std::string::npos; at = crlf.find('\n', at + 1)) {
    CHECK(crlf[at - 1] == '\r');
  }
  CHECK(nlohmann::json::parse(crlf)["playthroughs"][1]["name"] == "n");
  std::string broken = "{\"playthroughs\": [";
  CHECK_FALSE(append_playthrough(broken, p, error));
  CHECK_FALSE(error.empty());
  std::string not_array = "{\"playthroughs\": 3}";
  CHECK_FALSE(append_playthrough(not_array, p, error));
}

TEST_CASE("recording: only a recording that replays green is appended, under a free name",
          "[recording]") {
  auto lesson = load_split();
  std::vector<Action> moves = {Action::make("add_gpu"), Action::make("add_gpu")};
  std::string error;

  nlohmann::json p = record(lesson, "drive", moves, "success path (en)");  // a name taken
  auto appended = append_recording(split_text(), p, error);
  REQUIRE(appended);
  CHECK(appended->name == "success path (en) 2");
  CHECK(appended->lesson->playthroughs.back().name == "success path (en) 2");
  auto again = append_recording(appended->text, p, error);
  REQUIRE(again);
  CHECK(again->name == "success path (en) 3");

  nlohmann::json wrong = p;
  wrong["expect"].back()["at_end"] = "gpus == 9";
  CHECK_FALSE(append_recording(split_text(), wrong, error));
  CHECK_THAT(error, Catch::StartsWith("it does not replay: at the end: expected gpus == 9"));

  CHECK_FALSE(append_recording("{\"format\": 1,", p, error));
  CHECK_THAT(error, Catch::Contains("has errors"));
}

TEST_CASE("recording: feedback is recorded as the rule, so a changed GPU memory keeps it green",
          "[recording]") {
  TempDir dir;
  auto lesson = load_file(dir.write("datacenter-split.json", split_text()));
  // Two GPUs: the "overflow" rule, whose words carry the numbers of this machine.
  nlohmann::json p = record(lesson, "drive", {Action::make("add_gpu")}, "two gpus");
  REQUIRE(p["expect"].size() == 3);
  CHECK(p["expect"][1]["feedback_rule"] == "overflow");
  std::string text = split_text(), error;
  REQUIRE(append_playthrough(text, p, error));
  // The rule's words name the GPU's memory ("… over its 80 GB"); the recording does not.
  text.replace(text.find("\"gpu_memory_gb\": 80"), 19, "\"gpu_memory_gb\": 90");
  auto changed = load_file(dir.write("changed.json", text));
  auto result = run_playthrough(changed, named(*changed, "two gpus"));
  INFO(result.message);
  CHECK(result.passed);
}

TEST_CASE("recording: a format-4 lesson's recording names its actions by label", "[recording]") {
  // The same play, recorded into the lesson raised to format 4: each expectation follows the
  // label its action is given, so an action inserted later moves nothing.
  std::string text = split_text();
  const std::string three = "\"format\": 3";
  REQUIRE(text.find(three) != std::string::npos);
  text.replace(text.find(three), three.size(), "\"format\": 4");
  Diagnostics d("datacenter-split.json");
  auto lesson = load_lesson(text, d);
  REQUIRE(lesson);
  auto recorded = record(lesson, "guess", from_guess(), "labelled");
  INFO(recorded.dump(2));
  int labelled = 0;
  for (const auto& e : recorded["expect"]) {
    if (!e.contains("after")) continue;
    REQUIRE(e["after"].is_string());
    bool found = false;
    for (const auto& a : recorded["actions"])
      found = found || a.value("label", "") == e["after"];
    CHECK(found);
    ++labelled;
  }
  CHECK(labelled > 3);
  CHECK(recorded["actions"][1]["label"] == "choose-1");
  std::string error;
  auto appended = append_recording(text, recorded, error);
  INFO(error);
  REQUIRE(appended);
  const Playthrough& p = named(*appended->lesson, "labelled");
  CHECK(run_playthrough(appended->lesson, p).passed);

  // The unchanged lesson (format 3) keeps counting, which it can read.
  auto counted = record(load_split(), "guess", from_guess(), "counted");
  for (const auto& e : counted["expect"]) {
    if (e.contains("after")) CHECK(e["after"].is_number_integer());
  }
}
