// The formula machine: a declaration read from the lesson runs as a machine, and every fault in
// the declaration is reported where it is written.
#include <catch2/catch.hpp>

#include <cstring>
#include <fstream>
#include <sstream>

#include "../../support/machine_test_support.hpp"
#include "formula/formula.hpp"
#include "lessonsim/engine.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;
using lessonsim::testing::var;

namespace {

std::string formula_lesson() {
  std::ifstream in(std::string(LESSONSIM_SOURCE_DIR) + "/tests/core/data/formula.json");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::shared_ptr<const Lesson> load(const std::string& text, Diagnostics& d) {
  auto lesson = load_lesson(text, d);
  for (const auto& x : d.all())
    INFO(format_gcc(x));
  return lesson;
}

}  // namespace

TEST_CASE("formula: the declaration runs as a machine", "[formula]") {
  Diagnostics d("formula.json");
  auto lesson = load(formula_lesson(), d);
  REQUIRE(lesson);
  CHECK_FALSE(d.has_errors());
  CHECK(lesson->machine_spec == &lesson->machine->spec());
  CHECK(lesson->machine_spec->kind == "formula");
  auto m = lesson->machine->clone();
  CHECK(var(*m, "memory_gb") == 80);
  CHECK(var(*m, "needed") == 4);  // min_gpus from the calculator
  CHECK(var(*m, "fits") == 0);
  CHECK(var(*m, "mode") == 0);
  for (int k = 0; k < 3; ++k)
    REQUIRE(m->apply(Action::make("add_gpu")).ok);
  CHECK(var(*m, "fits") == 1);
  CHECK(var(*m, "cost_per_hour") == 8);
  CHECK(m->apply(Action::make("train")).ok);
  CHECK(var(*m, "model_gb") == 1120);
  CHECK(var(*m, "needed") == 14);
  CHECK(m->apply(Action::make("toggle_spare")).ok);
  CHECK(var(*m, "spare") == 1);
  CHECK(m->settings()["mode"] == "train");
  CHECK(m->settings()["spare"] == true);
  CHECK(m->settings()["gpus"] == 4);
  CHECK(m->broken_invariant().empty());
}

TEST_CASE("formula: actions stay within their setting's bounds", "[formula]") {
  Diagnostics d("formula.json");
  auto lesson = load(formula_lesson(), d);
  REQUIRE(lesson);
  auto m = lesson->machine->clone();
  Outcome low = m->apply(Action::make("remove_gpu"));
  CHECK_FALSE(low.ok);
  CHECK_THAT(low.why.in("en"), Catch::Contains("no lower than 1"));
  CHECK(m->apply(Action::with("set_gpus", "n", 16)).ok);
  Outcome high = m->apply(Action::make("add_gpu"));
  CHECK_FALSE(high.ok);
  CHECK_THAT(high.why.in("es"), Catch::Contains("no sube de 16"));
  CHECK_FALSE(m->apply(Action::with("set_gpus", "n", 17)).ok);
  CHECK_FALSE(m->apply(Action::make("set_gpus")).ok);
  CHECK_FALSE(m->apply(Action::make("fly")).ok);
  CHECK(var(*m, "gpus") == 16);
  CHECK(m->set("gpus", 0) != "");
  CHECK(m->set("gpus", 2.5) != "");
  CHECK(m->set("mode", "sleep") != "");
  CHECK(m->set("spare", 1) != "");
  CHECK(m->set("gpus", 3).empty());
  CHECK(var(*m, "gpus") == 3);
}

TEST_CASE("formula: a declared invariant that breaks is reported", "[formula]") {
  std::string text = formula_lesson();
  const char* find = "\"needed >= 1\"";
  text.replace(text.find(find), std::strlen(find), "\"gpus < 3\"");
  Diagnostics d("formula.json");
  auto lesson = load(text, d);
  REQUIRE(lesson);
  auto m = lesson->machine->clone();
  CHECK(m->broken_invariant().empty());
  m->apply(Action::with("set_gpus", "n", 5));
  CHECK_THAT(m->broken_invariant(), Catch::Contains("\"gpus < 3\" does not hold"));
}

namespace {

struct Broken {
  const char* what;
  const char* find;
  const char* replace;
  const char* message;
  int line, column;
};

// clang-format off
const Broken cases[] = {
  {"a cycle between derived variables", "\"is\": \"280 + mode * 840\"", "\"is\": \"needed * 70 + mode * 840\"",
   "a cycle between derived variables: model_gb → needed → model_gb", 19, 32},
  {"a variable that reads itself", "\"is\": \"price * gpus\"", "\"is\": \"cost_per_hour + 1\"",
   "a cycle between derived variables: cost_per_hour → cost_per_hour", 21, 39},
  {"an unknown function", "min_gpus(model_gb, gpu_gb)", "fewest_gpus(model_gb, gpu_gb)",
   "unknown function 'fewest_gpus'", 19, 33},
  {"a misspelt function", "min_gpus(model_gb, gpu_gb)", "min_gpu(model_gb, gpu_gb)",
   "did you mean 'min_gpus'", 19, 33},
  {"a unit mismatch: GB added to dollars", "\"is\": \"price * gpus\"", "\"is\": \"price * gpus + gpu_gb\"",
   "this adds GB/GPU to USD/h: the units must match", 21, 40},
  {"a unit that disagrees with its expression", "\"is\": \"gpus * gpu_gb\", \"unit\": \"GB\"", "\"is\": \"gpus * price\", \"unit\": \"GB\"",
   "memory_gb is declared in GB but its expression gives USD/h", 17, 36},
  {"comparing units that differ", "\"is\": \"memory_gb >= model_gb\"", "\"is\": \"memory_gb >= price\"",
   "this compares GB and USD/GPU·h: the units must match", 20, 31},
  {"an action set beyond its bounds", "\"set\": \"mode\", \"to\": \"train\"", "\"set\": \"gpus\", \"to\": 40",
   "this action leaves gpus's bounds: \"to\" must be from 1 to 16", 27, 46},
  {"a step larger than the range", "\"step\": \"gpus\", \"by\": 1", "\"step\": \"gpus\", \"by\": 20",
   "a step of 20 leaves gpus's bounds (1 to 16) from anywhere", 24, 49},
  {"a step of zero", "\"step\": \"gpus\", \"by\": 1", "\"step\": \"gpus\", \"by\": 0",
   "\"by\" must be a whole number, not 0", 24, 49},
  {"toggling a number", "\"toggle\": \"spare\"", "\"toggle\": \"price\"",
   "only a boolean setting can be toggled", 28, 42},
  {"an action on an unknown setting", "\"step\": \"gpus\", \"by\": 1", "\"step\": \"gpu\", \"by\": 1",
   "unknown setting \"gpu\"; did you mean \"gpus\"?", 24, 35},
  {"a default outside the range", "\"max\": 16, \"default\": 1", "\"max\": 16, \"default\": 20",
   "\"default\" must be from 1 to 16", 10, 75},
  {"a choice default that is not a choice", "\"default\": \"serve\"", "\"default\": \"idle\"",
   "\"default\" must be one of \"serve\", \"train\"", 13, 84},
  {"an unknown setting type", "\"type\": \"integer\"", "\"type\": \"int\"",
   "unknown setting type \"int\"", 10, 32},
  {"max below min", "\"min\": 0, \"max\": 10", "\"min\": 10, \"max\": 0",
   "\"max\" is below \"min\"", 12, 7},
  {"a name declared twice", "{\"name\": \"fits\"", "{\"name\": \"gpus\"",
   "\"gpus\" is declared twice", 20, 16},
  {"a name the expressions keep", "{\"name\": \"spare\"", "{\"name\": \"true\"",
   "\"true\" is a word the expressions keep", 14, 16},
  {"an unknown unit syntax", "\"unit\": \"USD/GPU/h\"", "\"unit\": \"USD//h\"",
   "unit \"USD//h\": expected a unit name here", 12, 86},
  {"an unknown variable in an expression", "\"is\": \"price * gpus\"", "\"is\": \"prize * gpus\"",
   "unknown variable 'prize'; did you mean 'price'?", 21, 40},
  {"an invariant that is a number", "\"needed >= 1\"", "\"needed\"",
   "this condition gives a number", 30, 21},
  {"an unknown variable in the picture", "{\"value\": \"memory_gb\"", "{\"value\": \"memory\"",
   "unknown variable \"memory\"; did you mean \"memory_gb\"?", 33, 27},
  {"an unknown picture item", "\"draw\": \"chips\"", "\"draw\": \"chip\"",
   "unknown picture item \"chip\"", 35, 16},
  {"lengths of two units side by side", "\"limit\": \"model_gb\"", "\"limit\": \"cost_per_hour\"",
   "this item draws GB and USD/h side by side", 32, 7},
  {"an action named like an engine action", "{\"name\": \"toggle_spare\"", "{\"name\": \"undo\"",
   "\"undo\" cannot name an action", 28, 16},
};
// clang-format on

}  // namespace

TEST_CASE("formula: every fault in a declaration is located", "[formula]") {
  const std::string valid = formula_lesson();
  for (const auto& c : cases) {
    INFO(c.what);
    std::string text = valid;
    auto at = text.find(c.find);
    REQUIRE(at != std::string::npos);
    text.replace(at, std::strlen(c.find), c.replace);
    Diagnostics d("broken.json");
    CHECK_FALSE(load_lesson(text, d));
    bool found = false;
    std::string all;
    for (const auto& x : d.all()) {
      all += format_gcc(x) + "\n";
      if (!found && x.message.find(c.message) != std::string::npos) {
        found = true;
        CHECK(x.severity == Severity::error);
        CHECK(format_gcc(x).starts_with("broken.json:" + std::to_string(c.line) + ":" +
                                        std::to_string(c.column) + ": error: "));
      }
    }
    INFO(all);
    CHECK(found);
  }
}

TEST_CASE("formula: the engine undoes, saves and restores a formula machine", "[formula]") {
  Diagnostics d("own-or-rent.json");
  auto lesson =
      load_lesson_file(std::string(LESSONSIM_SOURCE_DIR) + "/lessons/own-or-rent.json", d);
  REQUIRE(lesson);
  Engine e(lesson);
  e.apply(Action::with("goto", "step", "price-up"));
  e.apply(Action::make("pricier"));
  e.apply(Action::with("set_month", "n", 10));
  CHECK(e.value("month") == 10);
  CHECK(e.value("rent_usd_per_gpu_hour") == 2.5);
  e.apply(Action::make("undo"));
  CHECK(e.value("month") == 0);
  CHECK(e.value("rent_usd_per_gpu_hour") == 2.5);
  nlohmann::json saved = e.save();
  Engine back(lesson);
  REQUIRE(back.restore(saved));
  CHECK(back.step().id == "price-up");
  CHECK(back.value("rent_usd_per_gpu_hour") == 2.5);
  CHECK(back.value("break_even_month") == e.value("break_even_month"));
}
