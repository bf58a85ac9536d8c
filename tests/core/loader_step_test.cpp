// Format 3's step keys: `show`, `setup` and `actions` on text steps, `point`, a step's own
// `machine`, each checked against the machine the step works on.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "lessonsim/loader.hpp"

using namespace lessonsim;

namespace {

std::string fixture(const char* name) {
  std::ifstream in(std::string(LESSONSIM_SOURCE_DIR) + "/tests/core/data/" + name);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// `text` with `find` replaced by `replace` (which must be there).
std::string edited(std::string text, const std::string& find, const std::string& replace) {
  auto at = text.find(find);
  REQUIRE(at != std::string::npos);
  return text.replace(at, find.size(), replace);
}

// The first error of loading `text`, as `check` prints it; empty when it loads.
std::string first_error(const std::string& text) {
  Diagnostics d("f.json");
  auto lesson = load_lesson(text, d);
  for (const auto& x : d.all()) {
    if (x.severity == Severity::error) return format_gcc(x);
  }
  CHECK(lesson);
  return {};
}

}  // namespace

TEST_CASE("loader: a format-3 lesson with step machines loads", "[loader][format3]") {
  Diagnostics d("format3.json");
  auto lesson = load_lesson(fixture("format3.json"), d);
  for (const auto& x : d.all())
    INFO(format_gcc(x));
  REQUIRE(lesson);
  CHECK(d.all().empty());
  const auto& s = lesson->steps;
  CHECK(s[0].show);
  CHECK(s[0].point == "gpu_memory_gb");
  CHECK_FALSE(s[1].show);
  CHECK(s[2].show);
  CHECK(s[2].actions.size() == 1);
  CHECK(s[2].answer == 1);  // min_gpus 4 - gpus 2 after the setup and the action
  CHECK(s[7].show);
  CHECK_FALSE(s[0].machine);
  REQUIRE(s[4].machine);
  CHECK(lesson->spec_of(s[4]).kind == "rack");
  CHECK(lesson->spec_of(s[6]).kind == "split");
  // One playthrough condition on the lesson's machine, one on the step's.
  CHECK(lesson->playthroughs[0].expect[1].holds.size() == 1);
  CHECK(lesson->playthroughs[0].expect[3].holds.front().spec == &lesson->spec_of(s[5]));
}

TEST_CASE("loader: formats 1 and 2 keep text steps as text cards", "[loader][format3]") {
  Diagnostics d("valid.json");
  auto lesson = load_lesson(fixture("valid.json"), d);
  REQUIRE(lesson);
  CHECK_FALSE(lesson->steps[0].show);  // narrate
  CHECK_FALSE(lesson->steps[1].show);  // predict
  CHECK(lesson->steps[2].show);        // demo
  CHECK(lesson->steps[3].show);        // operate
  CHECK_FALSE(lesson->steps[5].show);  // summary
}

TEST_CASE("loader: format 3's keys in an older file are located errors", "[loader][format3]") {
  std::string v = fixture("valid.json");
  std::string show = edited(v, "{\"id\": \"hook\", \"kind\": \"narrate\",",
                            "{\"id\": \"hook\", \"kind\": \"narrate\", \"show\": true,");
  CHECK(first_error(show).starts_with("f.json:9:47: error: \"show\" needs \"format\": 3"));
  std::string machine = edited(v, "{\"id\": \"hook\", \"kind\": \"narrate\",",
                               "{\"id\": \"hook\", \"kind\": \"narrate\", \"machine\": {\"kind\": "
                               "\"rack\"},");
  CHECK(first_error(machine).starts_with("f.json:9:50: error: a step's own \"machine\" needs"));
  std::string setup = edited(v, "{\"id\": \"hook\", \"kind\": \"narrate\",",
                             "{\"id\": \"hook\", \"kind\": \"narrate\", \"setup\": {\"gpus\": 2},");
  CHECK(first_error(setup).find("a narrate step's \"setup\" needs \"format\": 3") !=
        std::string::npos);
}

TEST_CASE("loader: a step machine of an unknown kind is located", "[loader][format3]") {
  std::string text =
      edited(fixture("format3.json"), "\"machine\": {\"kind\": \"rack\", \"servers\": 4}",
             "\"machine\": {\"kind\": \"rak\", \"servers\": 4}");
  std::string e = first_error(text);
  CHECK(e.starts_with("f.json:18:59: error: unknown machine kind \"rak\""));
  CHECK(e.find("did you mean \"rack\"") != std::string::npos);
  // Nothing of that step is judged against the lesson's machine instead.
  Diagnostics d("f.json");
  load_lesson(text, d);
  CHECK(d.error_count() == 1);
}

TEST_CASE("loader: a step's keys name its own machine's variables", "[loader][format3]") {
  const std::string f = fixture("format3.json");
  // `overflow_gb` and `model_gb` are the lesson's split machine's, not the step's rack's.
  std::string goal =
      first_error(edited(f, "\"goal\": \"servers >= 4\"", "\"goal\": \"overflow_gb > 0\""));
  CHECK(goal.starts_with("f.json:21:57: error: unknown variable 'overflow_gb'"));
  std::string text = first_error(
      edited(f, "{\"en\": \"{servers} servers draw", "{\"en\": \"{model_gb} servers draw"));
  CHECK(text.starts_with("f.json:19:22: error: unknown variable {model_gb} in the text"));
  std::string allow =
      first_error(edited(f, "\"allow\": [\"add_server\",", "\"allow\": [\"add_gpu\","));
  CHECK(allow.find("\"allow\" names no action \"add_gpu\" of the rack machine") !=
        std::string::npos);
  // A playthrough condition no machine of the lesson can judge.
  std::string holds =
      first_error(edited(f, "\"holds\": \"servers == 3\"", "\"holds\": \"sevrers == 3\""));
  CHECK(holds.starts_with("f.json:35:40: error: unknown variable 'sevrers'"));
}

TEST_CASE("loader: `point` names a variable of the step's machine", "[loader][format3]") {
  const std::string f = fixture("format3.json");
  std::string e =
      first_error(edited(f, "\"point\": \"gpu_memory_gb\"", "\"point\": \"gpu_memory\""));
  CHECK(e.starts_with("f.json:9:71: error: \"point\" names no variable \"gpu_memory\""));
  CHECK(e.find("did you mean \"gpu_memory_gb\"") != std::string::npos);
  std::string wrong_machine = first_error(
      edited(f, "\"machine\": {\"kind\": \"rack\", \"servers\": 4},",
             "\"machine\": {\"kind\": \"rack\", \"servers\": 4}, \"point\": \"gpus_needed\","));
  CHECK(wrong_machine.find("of the rack machine") != std::string::npos);
  // A variable no mark draws: a flag has no unit.
  std::string flag = first_error(edited(f, "\"point\": \"gpu_memory_gb\"", "\"point\": \"fits\""));
  CHECK(flag.find("\"point\" names \"fits\" of the split machine, which has no unit, so no mark "
                  "draws it; point at one with a unit: model_gb, gpu_memory_gb") !=
        std::string::npos);
}

TEST_CASE("loader: a text step's actions are bounded and checked on its own machine",
          "[loader][format3]") {
  std::string f = fixture("format3_machines.json");
  const std::string actions =
      "[{\"do\": \"add_server\"}, {\"do\": \"set_cooling\", \"to\": \"liquid\"}]";
  auto toggles = [](std::size_t n) {
    std::string list = "[";
    for (std::size_t k = 0; k < n; ++k)
      list += std::string(k ? ", " : "") + "{\"do\": \"next_cooling\"}";
    return list + "]";
  };
  // At the limit the quiz step loads; one more is a located error at the first action too many.
  CHECK(first_error(edited(f, actions, toggles(100))).empty());
  std::string limit_error = first_error(edited(f, actions, toggles(101)));
  CHECK(limit_error.starts_with("f.json:22:"));
  CHECK_THAT(limit_error, Catch::Contains("a step has at most 100 actions, not 101"));
  CHECK_THAT(limit_error, Catch::Contains("(at /steps/3/actions/100)"));
  // An action the step's rack refuses is located, and named for what it is.
  std::string refused =
      first_error(edited(f, "[{\"do\": \"add_server\"}", "[{\"do\": \"set_servers\", \"n\": 9}"));
  CHECK(refused.starts_with("f.json:22:18: error: the machine refuses this step's action: "));
}
