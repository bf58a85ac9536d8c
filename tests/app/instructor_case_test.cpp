// The instructor's KV-cache-and-quantization lesson (tests/app/data/kv-quant.json) and each thing
// that got in their way, rebuilt from it and run through the command line as they ran it.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using case_json = nlohmann::ordered_json;

namespace {

const fs::path case_source = LESSONSIM_SOURCE_DIR;

case_json kv_case_lesson() {
  return case_json::parse(read_text_file(case_source / "tests/app/data/kv-quant.json"));
}

struct KvCase {
  TempDir dir;
  fs::path file;
  explicit KvCase(const case_json& lesson) { file = dir.write("kv-quant.json", lesson.dump(2)); }
  CliResult check() const { return run_cli("check " + file.string()); }
  CliResult test() const { return run_cli("test " + file.string()); }
};

int occurrences_of(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++n;
  return n;
}

}  // namespace

TEST_CASE("instructor case: the lesson itself checks clean and tests green", "[instructor]") {
  KvCase c(kv_case_lesson());
  CliResult checked = c.check();
  INFO(checked.out);
  CHECK(checked.code == 0);
  CHECK_THAT(checked.out, Catch::Contains("no problems"));
  CliResult tested = c.test();
  INFO(tested.out);
  CHECK_THAT(tested.out, Catch::EndsWith("6 passed, 0 failed\n"));
}

TEST_CASE("instructor case 1: a lesson no learner can finish fails check", "[instructor]") {
  auto lesson = kv_case_lesson();
  lesson["steps"][2]["goal"] = "batch > 64";
  CliResult never = KvCase(lesson).check();
  INFO(never.out);
  CHECK(never.code == 1);
  CHECK_THAT(never.out, Catch::Contains("error: the goal \"batch > 64\" is false in any of the 64 "
                                        "machine states") &&
                            Catch::Contains("(at /steps/2/goal)"));
  CHECK(occurrences_of(never.out, ": error: ") == 1);  // not once more for each practice variant

  lesson = kv_case_lesson();
  lesson["steps"][2]["setup"]["batch"] = 14;
  CliResult entry = KvCase(lesson).check();
  INFO(entry.out);
  CHECK(entry.code == 1);
  CHECK_THAT(entry.out, Catch::Contains("error: the goal \"fits && batch == max_batch_fits\" is "
                                        "already met when the step starts"));

  lesson = kv_case_lesson();
  lesson["steps"][4]["feedback"].push_back(
      {{"id", "far"}, {"when", "batch > 100"}, {"say", {{"es", "a"}, {"en", "b"}}}});
  CliResult rule = KvCase(lesson).check();
  INFO(rule.out);
  CHECK(rule.code == 1);
  CHECK_THAT(rule.out, Catch::Contains("error: this feedback rule never fires") &&
                           Catch::Contains("(at /steps/4/feedback/4/when)"));

  // Meant, and said so with a reason (format 4): no error.
  lesson["format"] = 4;
  lesson["steps"][4]["deliberate"] = {{"rule_never_fires", "kept for a later variant"}};
  CHECK(KvCase(lesson).check().code == 0);
}

TEST_CASE("instructor case 2: every expectation check accepts, the schema accepts",
          "[instructor]") {
  // The recorder's {"after": 2, "feedback_rule": "room"}: see schema_agrees_test; here the case
  // as the instructor had it, through `check`.
  auto lesson = kv_case_lesson();
  lesson["playthroughs"][0]["expect"].push_back({{"after", 4}, {"feedback_rule", "room"}});
  lesson["steps"][2]["setup"]["batch"] = 2.0;  // whole by value, as JSON Schema says
  CliResult r = KvCase(lesson).check();
  INFO(r.out);
  CHECK(r.code == 0);
}

TEST_CASE("instructor case 4: one misspelt key, one error", "[instructor]") {
  auto lesson = kv_case_lesson();
  auto& step = lesson["steps"][2];
  case_json renamed = case_json::object();
  for (const auto& [key, value] : step.items())
    renamed[key == "feedback" ? "feedbak" : key] = value;
  step = renamed;
  CliResult r = KvCase(lesson).check();
  INFO(r.out);
  CHECK(occurrences_of(r.out, ": error: ") == 1);
  CHECK_THAT(r.out, Catch::Contains("unknown key \"feedbak\" in an operate step; did you mean "
                                    "\"feedback\"?"));
}

TEST_CASE("instructor case 5: a failing expectation is located; labels survive an insertion",
          "[instructor]") {
  auto lesson = kv_case_lesson();
  lesson["playthroughs"][0]["expect"][1]["feedback_rule"] = "over";
  KvCase c(lesson);
  CliResult r = c.test();
  INFO(r.out);
  CHECK(r.code == 1);
  // FILE:LINE:COL at the expectation, for an editor to jump to.
  CHECK_THAT(r.out, Catch::Contains(c.file.string() + ":") &&
                        Catch::Contains(": error: playthrough \"predicts and fills at 16 bits\", "
                                        "after action 4 (set_batch n=13): expected feedback rule "
                                        "\"over\" to fire") &&
                        Catch::Contains("(at /playthroughs/0/expect/1)"));

  // Expectations that name their action by label (format 4) stay right when an action is
  // inserted before it; positions would all be off by one.
  lesson = kv_case_lesson();
  lesson["format"] = 4;
  auto& p = lesson["playthroughs"][0];
  p["actions"][3]["label"] = "thirteen";
  p["actions"][4]["label"] = "fourteen";
  p["expect"][1]["after"] = "thirteen";
  p["expect"][2]["after"] = "fourteen";
  p["expect"][3]["after"] = 6;
  p["actions"].insert(p["actions"].begin() + 3, case_json{{"do", "more"}});
  p["expect"][3]["after"] = 7;  // the one still counted moves by hand
  KvCase labelled(lesson);
  CliResult green = labelled.test();
  INFO(green.out);
  CHECK_THAT(green.out, Catch::EndsWith("6 passed, 0 failed\n"));
  CHECK(labelled.check().code == 0);

  // A label nobody gave, or labels in an older format, are errors with the way out.
  p["expect"][1]["after"] = "thirten";
  CliResult typo = KvCase(lesson).check();
  CHECK_THAT(typo.out, Catch::Contains("no action of this playthrough has the label \"thirten\"; "
                                       "did you mean \"thirteen\"?"));
  lesson["format"] = 3;
  p["expect"][1]["after"] = "thirteen";
  CliResult old = KvCase(lesson).check();
  CHECK_THAT(old.out, Catch::Contains("needs \"format\": 4"));
}

TEST_CASE("instructor case 6: the tool says what the guide says", "[instructor]") {
  TempDir dir;
  fs::path fresh = dir.path() / "fresh.json";
  REQUIRE(run_cli("new fresh --kind formula --out " + fresh.string()).code == 0);
  CHECK(case_json::parse(read_text_file(fresh))["format"] == 4);
  auto lesson = kv_case_lesson();
  case_json step = case_json::object();
  for (const auto& [key, value] : lesson["steps"][1].items())
    step[key == "answer_from" ? "answer_form" : key] = value;
  lesson["steps"][1] = step;
  CliResult r = KvCase(lesson).check();
  INFO(r.out);
  CHECK(occurrences_of(r.out, ": error: ") == 1);
  CHECK_THAT(r.out, Catch::Contains("did you mean \"answer_from\"?"));
  CHECK_THAT(r.out, !Catch::Contains("missing required key \"answer\""));
}

TEST_CASE("instructor case 7: a practice value equal to the step's own is said", "[instructor]") {
  auto lesson = kv_case_lesson();
  lesson["steps"][2]["practice"]["vary"]["context_tokens"] = {4096, 8192};
  CliResult r = KvCase(lesson).check();
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("warning: 4096 is the step's own \"context_tokens\", so no "
                                    "practice item draws it") &&
                        Catch::Contains("(at /steps/2/practice/vary/context_tokens/0)"));
}
