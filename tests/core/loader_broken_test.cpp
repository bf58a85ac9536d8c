// The loader against a table of broken lessons: each names its problem and where it is.
#include <catch2/catch.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "../support/test_files.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;

namespace {

std::string valid_lesson() {
  std::ifstream in(std::string(LESSONSIM_SOURCE_DIR) + "/tests/core/data/valid.json");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Broken {
  const char* what;
  const char* find;  // text in valid.json, replaced by `replace`
  const char* replace;
  const char* message;
  int line, column;
};

// clang-format off
const Broken cases[] = {
  {"syntax error", "\"version\": \"1.0.0\",", "\"version\": \"1.0.0\"", "expected ',' or '}'", 5, 3},
  {"missing required key", "\"version\": \"1.0.0\",\n", "", "missing required key \"version\"", 1, 1},
  {"unknown key with a suggestion", "\"glossary\":", "\"glosary\":", "did you mean \"glossary\"", 28, 3},
  {"wrong type", "\"format\": 1", "\"format\": \"1\"", "\"format\" must be a number", 2, 13},
  {"newer format", "\"format\": 1", "\"format\": 5", "reads formats 1 to 4, not 5", 2, 13},
  {"bad lesson id", "\"id\": \"valid\"", "\"id\": \"Valid Lesson\"", "lowercase letters", 3, 9},
  {"duplicate locale", "[\"es\", \"en\"]", "[\"es\", \"es\"]", "listed twice", 5, 21},
  {"locale not BCP 47", "[\"es\", \"en\"]", "[\"es\", \"klingon\"]", "\"klingon\" is not a locale code", 5, 21},
  {"locale of no language", "[\"es\", \"en\"]", "[\"es\", \"qq\"]", "\"qq\" is not a locale code", 5, 21},
  {"missing translation", "\"title\": {\"es\": \"Válida\", \"en\": \"Valid\"}", "\"title\": {\"es\": \"Válida\"}", "no \"en\" translation", 6, 12},
  {"unknown locale in a text", "{\"es\": \"Un chip.\", \"en\": \"A chip.\"}", "{\"es\": \"Un chip.\", \"en\": \"A chip.\", \"fr\": \"Une puce.\"}", "locale \"fr\" is not", 28, 82},
  {"empty text", "{\"es\": \"Así.\", \"en\": \"Like this.\"}", "{\"es\": \"\", \"en\": \"Like this.\"}", "text is empty", 13, 51},
  {"unknown machine kind", "\"kind\": \"split\"", "\"kind\": \"spilt\"", "did you mean \"split\"", 7, 23},
  {"unknown machine setting", "\"max_gpus\": 16", "\"max_gpu\": 16", "did you mean \"max_gpus\"", 7, 81},
  {"zero-size model", "\"model_gb\": 280", "\"model_gb\": 0", "more than 0 GB", 7, 44},
  {"negative memory", "\"gpu_memory_gb\": 80", "\"gpu_memory_gb\": -80", "more than 0 GB", 7, 66},
  {"absurd size", "\"model_gb\": 280", "\"model_gb\": 1e16", "at most 1000000000 GB", 7, 44},
  {"size past 64-bit bytes", "\"gpu_memory_gb\": 80", "\"gpu_memory_gb\": 1e12", "at most 1000000000 GB", 7, 66},
  {"gpus above max_gpus", "\"gpus\": 1, \"max_gpus\": 16", "\"gpus\": 20, \"max_gpus\": 16", "more than max_gpus", 7, 14},
  {"duplicate step id", "{\"id\": \"check\"", "{\"id\": \"hook\"", "duplicate step id \"hook\"", 22, 12},
  {"misspelt key of a step's kind", "{\"id\": \"check\", \"kind\"", "{\"id\": \"check\", \"kindd\"", "unknown key \"kindd\" in a step; did you mean \"kind\"?", 22, 21},
  {"misspelt key of a machine's kind", "{\"kind\": \"split\"", "{\"kindd\": \"split\"", "unknown key \"kindd\" in \"machine\"; did you mean \"kind\"?", 7, 15},
  {"unknown step kind", "\"kind\": \"quiz\"", "\"kind\": \"quizz\"", "did you mean \"quiz\"", 22, 29},
  {"answer out of range", "\"answer\": 0", "\"answer\": 2", "count from 0 to 1", 24, 16},
  {"negative answer", "\"answer\": 1,", "\"answer\": -1,", "count from 0 to 1", 12, 16},
  {"too few choices", "[{\"es\": \"Memoria\", \"en\": \"Memory\"}, {\"es\": \"Magia\", \"en\": \"Magic\"}]", "[{\"es\": \"Memoria\", \"en\": \"Memory\"}]", "at least 2 choices", 23, 17},
  {"key of another step kind", "\"kind\": \"narrate\",", "\"kind\": \"narrate\", \"choices\": [],", "unknown key \"choices\" in a narrate step", 9, 39},
  {"expression does not parse", "\"fits && gpus == min_gpus\"", "\"fits && gpus == \"", "ends where a value was expected", 16, 31},
  {"unknown variable in a goal", "\"fits && gpus == min_gpus\"", "\"fits && gpus == min_gpu\"", "did you mean 'min_gpus'", 16, 31},
  {"unknown variable in a condition", "\"overflow_gb > 0\"", "\"overflow > 0\"", "unknown variable 'overflow'", 18, 18},
  {"condition that is a number", "\"gpus > min_gpus\"", "\"gpus - min_gpus\"", "gives a number", 19, 18},
  {"unknown placeholder", "{overflow_gb} GB too many", "{overflow} GB too many", "unknown variable {overflow}", 18, 85},
  {"unclosed placeholder", "\"Un modelo de {model_gb} GB.\"", "\"Un modelo de {model_gb GB.\"", "never closed", 9, 68},
  {"goto names no step", "\"step\": \"drive\"", "\"step\": \"drvie\"", "did you mean \"drive\"", 31, 41},
  {"unknown action", "{\"do\": \"add_gpu\"}", "{\"do\": \"add_gpus\"}", "did you mean \"add_gpu\"", 31, 58},
  {"action missing its argument", "{\"do\": \"set_gpus\", \"n\": 4}]", "{\"do\": \"set_gpus\"}]", "\"set_gpus\" needs \"n\"", 13, 92},
  {"engine action in a demo", "[{\"do\": \"set_gpus\", \"n\": 4}]", "[{\"do\": \"next\"}]", "only use machine actions", 13, 99},
  {"demo action the machine refuses", "{\"do\": \"set_gpus\", \"n\": 4}]", "{\"do\": \"set_gpus\", \"n\": 99}]", "refuses this demo action: This lesson allows at most 16 GPUs", 13, 92},
  {"couple beyond max_slices", "\"max_gpus\": 16}", "\"max_gpus\": 16, \"max_slices\": 8}", "coupled machine needs max_slices", 13, 130},
  {"after beyond the actions", "{\"after\": 2,", "{\"after\": 9,", "from 1 to 3", 32, 27},
  {"expectation checks nothing", "{\"at_end\": \"fits\", \"reveal_shown\": true}", "{\"after\": 1}", "checks nothing", 32, 70},
  {"setup with an unknown setting", "\"setup\": {\"gpus\": 1}", "\"setup\": {\"gpu\": 1}", "did you mean \"gpus\"", 14, 66},
  {"not an object at all", "{\n  \"format\"", "[\n  \"format\"", "expected ',' or ']'", 2, 11},
};
// clang-format on

}  // namespace

TEST_CASE("loader: the valid lesson loads with no diagnostics", "[loader]") {
  Diagnostics d("valid.json");
  auto lesson = load_lesson(valid_lesson(), d);
  for (const auto& x : d.all())
    INFO(format_gcc(x));
  REQUIRE(lesson);
  CHECK(d.all().empty());
  CHECK(lesson->steps.size() == 6);
  CHECK(lesson->steps[3].setup["couple"] == true);
  CHECK(lesson->steps[1].choices[1].feedback.in("en") == "Yes.");
}

TEST_CASE("loader: every broken lesson is reported at its line and column", "[loader]") {
  const std::string valid = valid_lesson();
  REQUIRE(std::size(cases) >= 25);
  for (const auto& c : cases) {
    INFO(c.what);
    std::string text = valid;
    auto at = text.find(c.find);
    REQUIRE(at != std::string::npos);
    text.replace(at, std::strlen(c.find), c.replace);
    Diagnostics d("broken.json");
    auto lesson = load_lesson(text, d);
    CHECK_FALSE(lesson);
    bool found = false;
    std::string all;
    for (const auto& x : d.all()) {
      all += format_gcc(x) + "\n";
      if (!found && x.message.find(c.message) != std::string::npos &&
          x.severity == Severity::error) {
        found = true;
        CHECK(x.pos.line == c.line);
        CHECK(x.pos.column == c.column);
        CHECK(format_gcc(x).starts_with("broken.json:" + std::to_string(c.line) + ":" +
                                        std::to_string(c.column) + ": error: "));
      }
    }
    INFO(all);
    CHECK(found);
  }
}

TEST_CASE("loader: all problems are reported in one pass", "[loader]") {
  std::string text = valid_lesson();
  for (auto [find, replace] : {std::pair{"\"answer\": 0", "\"answer\": 5"},
                               std::pair{"\"overflow_gb > 0\"", "\"overflw_gb > 0\""},
                               std::pair{"\"glossary\":", "\"glosary\":"}}) {
    text.replace(text.find(find), std::strlen(find), replace);
  }
  Diagnostics d("broken.json");
  CHECK_FALSE(load_lesson(text, d));
  CHECK(d.error_count() == 3);
}

TEST_CASE("loader: files that are not lessons never crash it", "[loader]") {
  for (std::string text :
       {std::string(), std::string("\x00\x01\x02\xff", 4), std::string("null"), std::string("[]"),
        std::string("\"lesson\""), std::string(100000, '[') + std::string(100000, ']'),
        std::string(200000, '{')}) {
    Diagnostics d("x.json");
    CHECK_FALSE(load_lesson(text, d));
    CHECK(d.has_errors());
  }
  Diagnostics missing("nope.json");
  CHECK_FALSE(load_lesson_file("/nonexistent/nope.json", missing));
  CHECK_THAT(missing.all().at(0).message, Catch::Contains("cannot be read"));
}

TEST_CASE("loader: every input a fuzzer once crashed on is now a located error", "[loader]") {
  namespace fs = std::filesystem;
  int seen = 0;
  for (const auto& entry :
       fs::directory_iterator(std::string(LESSONSIM_SOURCE_DIR) + "/fuzz/regressions")) {
    if (!entry.path().filename().string().starts_with("lesson-")) continue;
    INFO(entry.path());
    std::string text, error;
    REQUIRE(read_file(entry.path(), text, error));
    Diagnostics d("regression.json");
    auto lesson = load_lesson(text, d);
    CHECK((lesson != nullptr || d.has_errors()));
    ++seen;
  }
  CHECK(seen >= 1);
}

TEST_CASE("loader: messages name the bad value, once, at its cause", "[loader]") {
  std::string text, error;
  REQUIRE(
      read_file(std::string(LESSONSIM_SOURCE_DIR) + "/tests/core/data/valid.json", text, error));
  auto load = [&](const std::string& find, const std::string& replace) {
    std::string t = text;
    auto at = t.find(find);
    REQUIRE(at != std::string::npos);
    t.replace(at, find.size(), replace);
    Diagnostics d("valid.json");
    CHECK_FALSE(load_lesson(t, d));
    return d;
  };
  auto locale = load("\"locales\": [\"es\", \"en\"]", "\"locales\": [\"ES\", \"en\"]");
  REQUIRE(locale.error_count() == 1);
  CHECK(locale.all()[0].pointer == "/locales/0");
  CHECK(locale.all()[0].suggestion == "es");

  auto allow = load("\"couple\": true, \"setup\": {\"gpus\": 1},",
                    "\"couple\": true, \"setup\": {\"gpus\": 1}, \"allow\": [\"add_gpus\"],");
  REQUIRE(allow.error_count() == 1);
  CHECK_THAT(allow.all()[0].message, Catch::Contains("no action \"add_gpus\""));
  CHECK(allow.all()[0].suggestion == "add_gpu");

  auto curly = load("\"hook\"", "\u201chook\u201d");
  REQUIRE(curly.error_count() == 1);
  CHECK_THAT(curly.all()[0].message, Catch::Contains("curly quote"));

  auto unknowns = load("\"fits && gpus == min_gpus\"", "\"fit && gpu == min_gpus\"");
  REQUIRE(unknowns.error_count() == 2);
  CHECK(unknowns.all()[0].suggestion == "fits");
  CHECK(unknowns.all()[1].suggestion == "gpus");

  auto kind = load("\"kind\": \"split\"", "\"kind\": \"splitt\"");
  CHECK(kind.error_count() == 1);

  auto prediction = load("\"couple\": true, \"setup\": {\"gpus\": 1},",
                         "\"couple\": true, \"setup\": {\"gpus\": 1}, \"prediction\": \"gues\",");
  REQUIRE(prediction.error_count() == 1);
  CHECK_THAT(prediction.all()[0].message, Catch::Contains("names \"gues\", which is no step"));
  CHECK(prediction.all()[0].suggestion == "guess");
}

TEST_CASE("loader: a rule whose condition fails is reported once, not again by playthroughs",
          "[loader]") {
  std::string text, error;
  REQUIRE(read_file(std::string(LESSONSIM_SOURCE_DIR) + "/lessons/own-or-rent.json", text, error));
  const std::string when = "\"when\": \"";
  auto at = text.find(when);
  REQUIRE(at != std::string::npos);
  text.insert(at + when.size(), "monthz > 3 && ");
  Diagnostics d("own-or-rent.json");
  CHECK_FALSE(load_lesson(text, d));
  REQUIRE(d.error_count() == 1);
  CHECK_THAT(d.all()[0].message, Catch::Contains("unknown variable 'monthz'"));
}

TEST_CASE("loader: a step that fails to load is reported once, not again by playthroughs",
          "[loader]") {
  std::string text, error;
  REQUIRE(
      read_file(std::string(LESSONSIM_SOURCE_DIR) + "/lessons/datacenter-split.json", text, error));
  // A typo in the key of the lesson's first quiz; playthroughs go to it and expect to be on it.
  const std::string kind = "\"kind\": \"quiz\"";
  auto at = text.find(kind);
  REQUIRE(at != std::string::npos);
  text.replace(at, 6, "\"kindd\"");
  Diagnostics d("datacenter-split.json");
  CHECK_FALSE(load_lesson(text, d));
  for (const auto& x : d.all())
    UNSCOPED_INFO(format_gcc(x));
  REQUIRE(d.error_count() == 1);
  CHECK_THAT(d.all()[0].message,
             Catch::Contains("unknown key \"kindd\" in a step; did you mean \"kind\"?"));
  CHECK_THAT(d.all()[0].message, Catch::Contains("\"kind\" is missing"));
  CHECK(d.all()[0].suggestion == "kind");
}

TEST_CASE("loader: a misspelt required key of the lesson is one error, not two", "[loader]") {
  // The lesson's own keys are checked before its required ones are read: the unknown key's
  // did-you-mean already says what is missing.
  std::string text = test::shipped_lesson_text("datacenter-split.json");
  const std::string title = "\"title\":";
  auto at = text.find(title);
  REQUIRE(at != std::string::npos);
  text.replace(at, title.size(), "\"tittle\":");
  Diagnostics d("datacenter-split.json");
  CHECK_FALSE(load_lesson(text, d));
  for (const auto& x : d.all())
    UNSCOPED_INFO(format_gcc(x));
  REQUIRE(d.error_count() == 1);
  CHECK_THAT(d.all()[0].message,
             Catch::Contains("unknown key \"tittle\" in a lesson; did you mean \"title\"?"));
  CHECK(d.all()[0].suggestion == "title");
}
