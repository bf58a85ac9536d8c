#include <catch2/catch.hpp>

#include <fstream>

#include <nlohmann/json.hpp>

#include "lessonsim/lint.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;

namespace {

nlohmann::ordered_json mini() {
  std::ifstream in(std::string(LESSONSIM_SOURCE_DIR) + "/tests/app/data/mini-example.json");
  return nlohmann::ordered_json::parse(in);
}

nlohmann::ordered_json text(const std::string& es, const std::string& en) {
  return {{"es", es}, {"en", en}};
}

// Loads the lesson (it must load) and returns what `check` says of it beyond loading: errors
// for what cannot work (a goal never met or met on entry, a rule that never fires), warnings.
std::vector<Diagnostic> lint(const nlohmann::ordered_json& lesson) {
  std::string source = lesson.dump(2);
  Diagnostics diags("lesson.json");
  auto loaded = load_lesson(source, diags);
  for (const auto& d : diags.all())
    INFO(format_gcc(d));
  REQUIRE(loaded);
  Diagnostics found("lesson.json");
  lint_lesson_source(*loaded, source, found);
  return found.all();
}

// The lesson raised to format 4, with `"deliberate": {key: reason}` on its operate step.
nlohmann::ordered_json deliberate(nlohmann::ordered_json lesson, const char* key) {
  lesson["format"] = 4;
  lesson["steps"][2]["deliberate"][key] = "kept on purpose, for the test";
  return lesson;
}

// What `lint` finds, but the flow warnings a format-3-or-later example of four steps draws (its
// share of acting steps, at /steps), which no test of `deliberate` is about.
std::vector<Diagnostic> lint_steps(const nlohmann::ordered_json& lesson) {
  std::vector<Diagnostic> out;
  for (auto& d : lint(lesson)) {
    if (d.pointer != "/steps") out.push_back(std::move(d));
  }
  return out;
}

std::shared_ptr<const Lesson> load(const nlohmann::ordered_json& lesson) {
  Diagnostics diags("lesson.json");
  auto loaded = load_lesson(lesson.dump(2), diags);
  REQUIRE(loaded);
  return loaded;
}

const Diagnostic* at(const std::vector<Diagnostic>& all, const std::string& pointer) {
  for (const auto& d : all) {
    if (d.pointer == pointer) return &d;
  }
  return nullptr;
}

std::string list(const std::vector<Diagnostic>& all) {
  std::string out;
  for (const auto& d : all)
    out += format_gcc(d) + "\n";
  return out;
}

nlohmann::ordered_json& operate(nlohmann::ordered_json& lesson) {
  return lesson["steps"][2];
}

}  // namespace

TEST_CASE("lint: the example lesson draws no warning", "[lint]") {
  auto warnings = lint(mini());
  INFO(list(warnings));
  CHECK(warnings.empty());
}

TEST_CASE("lint: a rule whose condition no reachable state meets", "[lint]") {
  auto lesson = mini();
  operate(lesson)["feedback"].push_back({{"when", "gpus > 100"}, {"say", text("a", "b")}});
  auto warnings = lint(lesson);
  INFO(list(warnings));
  REQUIRE(warnings.size() == 1);
  const Diagnostic* d = at(warnings, "/steps/2/feedback/1/when");
  REQUIRE(d);
  CHECK_THAT(d->message, Catch::Contains("never fires") && Catch::Contains("\"gpus > 100\"") &&
                             Catch::Contains("16 machine states"));
  CHECK(d->severity == Severity::error);  // every state was searched: it is proven
  // Located on the condition's string, where an editor puts the cursor.
  CHECK(d->pos.line > 1);
  CHECK(d->pos.column > 1);
  // Declared deliberate, it is not refused.
  CHECK(lint_steps(deliberate(lesson, "rule_never_fires")).empty());
}

TEST_CASE("lint: a deliberate entry for what does not happen is said", "[lint]") {
  // Every rule of the example fires, its goal is reachable and not met on entry: each of the
  // three entries would hide a later mistake, so each is a warning at the entry.
  for (const char* key : {"rule_never_fires", "goal_never_met", "goal_met_on_entry"}) {
    INFO(key);
    auto found = lint_steps(deliberate(mini(), key));
    INFO(list(found));
    REQUIRE(found.size() == 1);
    CHECK(found[0].severity == Severity::warning);
    CHECK(found[0].pointer == std::string("/steps/2/deliberate/") + key);
    CHECK_THAT(found[0].message, Catch::Contains("remove the entry"));
  }
}

TEST_CASE("lint: \"deliberate\" takes a reason for each known refusal, from format 4", "[lint]") {
  auto lesson = deliberate(mini(), "goal_met_on_entry");
  auto reject = [](const nlohmann::ordered_json& l, const char* what) {
    Diagnostics diags("lesson.json");
    CHECK_FALSE(load_lesson(l.dump(2), diags));
    REQUIRE(diags.error_count() == 1);
    CHECK_THAT(diags.all().front().message, Catch::Contains(what));
  };
  auto older = lesson;
  older["format"] = 3;
  reject(older, "needs \"format\": 4");
  auto empty = lesson;
  empty["steps"][2]["deliberate"]["goal_met_on_entry"] = "";
  reject(empty, "the reason");
  auto typo = lesson;
  typo["steps"][2]["deliberate"] = {{"goal_met_on_entr", "why"}};
  reject(typo, "did you mean \"goal_met_on_entry\"");
}

TEST_CASE("lint: a rule that only holds where the goal is met", "[lint]") {
  auto lesson = mini();
  operate(lesson)["feedback"].push_back(
      {{"when", "fits && gpus == min_gpus"}, {"say", text("a", "b")}});
  auto warnings = lint(lesson);
  REQUIRE(warnings.size() == 1);
  CHECK_THAT(warnings[0].message, Catch::Contains("the reveal shows instead"));
  CHECK(warnings[0].severity == Severity::error);
}

TEST_CASE("lint: a rule shadowed by an earlier one", "[lint]") {
  auto lesson = mini();
  operate(lesson)["feedback"].push_back({{"when", "overflow_gb > 50"}, {"say", text("a", "b")}});
  auto warnings = lint(lesson);
  INFO(list(warnings));
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].pointer == "/steps/2/feedback/1/when");
  CHECK_THAT(warnings[0].message,
             Catch::Contains("\"overflow_gb > 0\" (feedback/0)") && Catch::Contains("first"));
  CHECK(warnings[0].severity == Severity::error);

  // The same two rules the other way round both fire.
  auto swapped = mini();
  nlohmann::ordered_json first = {{"when", "overflow_gb > 50"}, {"say", text("a", "b")}};
  operate(swapped)["feedback"].insert(operate(swapped)["feedback"].begin(), first);
  CHECK(lint(swapped).empty());
}

TEST_CASE("lint: a goal never met is refused, and only it", "[lint]") {
  auto lesson = mini();
  operate(lesson)["goal"] = "fits && gpus > 16";
  auto found = lint(lesson);
  INFO(list(found));
  // One mistake, one error: the steps after it are not reported as unreachable too.
  REQUIRE(found.size() == 1);
  const Diagnostic* goal = at(found, "/steps/2/goal");
  REQUIRE(goal);
  CHECK(goal->severity == Severity::error);
  CHECK_THAT(goal->message, Catch::Contains("never continue"));

  // Deliberate, the goal is let be; the steps no learner then reaches are still said.
  auto meant = lint_steps(deliberate(lesson, "goal_never_met"));
  INFO(list(meant));
  REQUIRE(meant.size() == 1);
  const Diagnostic* wrap = at(meant, "/steps/3");
  REQUIRE(wrap);
  CHECK(wrap->severity == Severity::warning);
  CHECK_THAT(wrap->message,
             Catch::Contains("no path reaches this step") && Catch::Contains("\"drive\""));
}

TEST_CASE("lint: a goal already met on entry is refused, its rules not said again", "[lint]") {
  auto lesson = mini();
  operate(lesson)["setup"]["gpus"] = 4;
  auto found = lint(lesson);
  INFO(list(found));
  REQUIRE(found.size() == 1);
  const Diagnostic* goal = at(found, "/steps/2/goal");
  REQUIRE(goal);
  CHECK(goal->severity == Severity::error);
  CHECK_THAT(goal->message, Catch::Contains("already met"));
  CHECK(lint_steps(deliberate(lesson, "goal_met_on_entry")).empty());
}

TEST_CASE("lint: a step after the summary", "[lint]") {
  auto lesson = mini();
  lesson["steps"].push_back({{"id", "late"}, {"kind", "narrate"}, {"text", text("tarde", "late")}});
  auto warnings = lint(lesson);
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].pointer == "/steps/4");
  CHECK_THAT(warnings[0].message, Catch::Contains("after the summary step \"wrap\""));
}

TEST_CASE("lint: texts longer than their panel", "[lint]") {
  auto lesson = mini();
  std::string long_text(620, 'a');
  lesson["steps"][0]["text"] = text(long_text, long_text);
  auto warnings = lint(lesson);
  REQUIRE(warnings.size() == 2);
  CHECK(at(warnings, "/steps/0/text/es"));
  CHECK_THAT(at(warnings, "/steps/0/text/en")->message,
             Catch::Contains("620 characters") && Catch::Contains("about 600"));

  // Characters, not bytes: 590 accented letters fit; a placeholder counts as a number's width.
  std::string accented;
  for (int k = 0; k < 580; ++k)
    accented += "á";
  lesson["steps"][0]["text"] = text(accented + "{gpus}", accented + "{gpus}");
  CHECK(lint(lesson).empty());
  CHECK(display_length("Hi {model_gb} GB", 8) == 14);
  CHECK(display_length("año", 8) == 3);
}

TEST_CASE("lint: a translation much shorter than its original", "[lint]") {
  auto lesson = mini();
  lesson["steps"][0]["text"] =
      text("Hola.", "A model of {model_gb} GB does not fit on one GPU of 80 GB.");
  auto warnings = lint(lesson);
  INFO(list(warnings));
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].pointer == "/steps/0/text/es");
  CHECK_THAT(warnings[0].message, Catch::Contains("under 40% of the en one"));

  // Short texts may differ freely ("4" and "Four").
  lesson["steps"][0]["text"] = text("Sí", "Yes, indeed");
  CHECK(lint(lesson).empty());
}

TEST_CASE("lint: glossary terms the lesson never uses", "[lint]") {
  auto lesson = mini();
  lesson["glossary"] = nlohmann::ordered_json::array(
      {{{"term", "gpu"}, {"definition", text("Un chip.", "A chip.")}},
       {{"term", "NVLink"}, {"definition", text("Un enlace.", "A link.")}}});
  lesson["steps"][2]["text"] = text("Añade GPUs", "Add GPUs");
  auto warnings = lint(lesson);
  INFO(list(warnings));
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].pointer == "/glossary/1/term");
  CHECK_THAT(warnings[0].message, Catch::Contains("\"NVLink\""));

  // Either name of a term written "Spanish / English" counts.
  lesson["glossary"][1]["term"] = "Enlace / Link";
  lesson["steps"][0]["text"] = text("Un enlace rápido", "A fast link");
  CHECK(lint(lesson).empty());
  lesson["glossary"][1]["term"] = "NVLink";

  // A use in another entry's definition counts.
  lesson["glossary"][0]["definition"] =
      text("Un chip unido por NVLink.", "A chip joined by NVLink.");
  CHECK(lint(lesson).empty());
}

TEST_CASE("lint: the state search follows couple and allow", "[lint]") {
  auto lesson = mini();
  auto coupled = load(lesson);
  auto states = reachable_states(*coupled, coupled->steps[2]);
  CHECK(states.exhaustive);
  CHECK(states.values.size() == 16);  // gpus 1..16, slices following

  operate(lesson).erase("couple");
  auto free = load(lesson);
  states = reachable_states(*free, free->steps[2]);
  CHECK(states.exhaustive);
  CHECK(states.values.size() == 16 * 32);  // every gpus x slices pair

  operate(lesson)["setup"]["gpus"] = 3;
  operate(lesson)["allow"] = {"add_gpu"};
  auto upward = load(lesson);
  states = reachable_states(*upward, upward->steps[2]);
  CHECK(states.exhaustive);
  CHECK(states.values.size() == 14);  // 3..16 GPUs, one slice
}

TEST_CASE("lint: a large state space is sampled, and says so", "[lint]") {
  auto lesson = mini();
  lesson["machine"]["max_gpus"] = 1024;
  lesson["machine"]["max_slices"] = 1024;
  operate(lesson).erase("couple");
  operate(lesson)["feedback"].push_back({{"when", "gpus > 2000"}, {"say", text("a", "b")}});
  auto loaded = load(lesson);
  auto states = reachable_states(*loaded, loaded->steps[2]);
  CHECK_FALSE(states.exhaustive);
  CHECK(states.values.size() > 500);  // the bounded search, then the random walks
  auto warnings = lint(lesson);
  INFO(list(warnings));
  REQUIRE(warnings.size() == 1);
  CHECK_THAT(warnings[0].message, Catch::Contains("sampled"));
  // A sample cannot prove the rule dead, so it is not refused.
  CHECK(warnings[0].severity == Severity::warning);
}

TEST_CASE("lint: a search too long for the first budget is carried on to a proof", "[lint]") {
  // 16 x 32 states are more than the quick search's 300 moves allow; with a rule that never
  // fires, the search goes on within the proof budget, sees every state, and refuses the rule.
  auto lesson = mini();
  operate(lesson).erase("couple");
  operate(lesson)["feedback"].push_back({{"when", "gpus > 100"}, {"say", text("a", "b")}});
  std::string source = lesson.dump(2);
  Diagnostics diags("lesson.json");
  auto loaded = load_lesson(source, diags);
  REQUIRE(loaded);
  LintOptions quick;
  quick.exhaustive_moves = 300;
  CHECK_FALSE(reachable_states(*loaded, loaded->steps[2], quick).exhaustive);
  Diagnostics found("lesson.json");
  lint_lesson_source(*loaded, source, found, quick);
  INFO(list(found.all()));
  REQUIRE(found.all().size() == 1);
  CHECK(found.all()[0].severity == Severity::error);
  CHECK_THAT(found.all()[0].message, Catch::Contains("the 512 machine states"));
}

TEST_CASE("lint: the state search stops once nothing more could be reported", "[lint]") {
  auto lesson = mini();
  operate(lesson).erase("couple");
  auto loaded = load(lesson);
  const Step& step = loaded->steps[2];
  std::size_t asked = 0;
  auto states =
      reachable_states(*loaded, step, {}, [&](const std::vector<double>&) { return ++asked == 3; });
  CHECK(asked == 3);
  CHECK(states.values.size() == 3);
  CHECK_FALSE(states.exhaustive);  // a stopped search is a sample, not every state

  // Without a stop the same search visits all 16 x 32 states.
  CHECK(reachable_states(*loaded, step).values.size() == 16 * 32);
}

TEST_CASE("lint: the search goes on from the states the playthroughs reach", "[lint]") {
  // The playthrough's states are added before any search and the search continues from them:
  // the result is still every state, each once.
  auto lesson = mini();
  operate(lesson).erase("couple");
  operate(lesson)["allow"] = {"slice", "merge"};
  operate(lesson)["setup"] = {{"gpus", 4}, {"slices", 16}};
  lesson["playthroughs"] = nlohmann::ordered_json::array(
      {{{"name", "merges twice"},
        {"actions", {{{"do", "goto"}, {"step", "drive"}}, {{"do", "merge"}}, {{"do", "merge"}}}},
        {"expect", {{{"at_end", "slices == 14"}}}}}});
  auto loaded = load(lesson);
  auto states = reachable_states(*loaded, loaded->steps[2]);
  CHECK(states.exhaustive);
  CHECK(states.values.size() == 32);  // slices 1..32 on 4 GPUs, witnesses included once
  // Right after the start come the playthrough's two states (15 and 14 slices); the search
  // alone would have tried a cut first (17).
  const auto& vars = loaded->machine->spec().variables;
  auto slices = static_cast<std::size_t>(
      std::find_if(vars.begin(), vars.end(), [](const auto& v) { return v.name == "slices"; }) -
      vars.begin());
  REQUIRE(slices < vars.size());
  CHECK(states.values[0][slices] == 16);
  CHECK(states.values[1][slices] == 15);
  CHECK(states.values[2][slices] == 14);
}

TEST_CASE("lint: a wide number argument is tried on a ladder, and the search says it sampled",
          "[lint]") {
  auto lesson = mini();
  lesson["machine"]["max_gpus"] = 1000;
  operate(lesson).erase("couple");
  operate(lesson)["allow"] = {"set_gpus", "set_slices"};
  auto& rules = operate(lesson)["feedback"];
  rules.insert(rules.begin(),
               nlohmann::ordered_json{{"when", "gpus == 999"}, {"say", text("casi", "nearly")}});
  auto loaded = load(lesson);
  auto states = reachable_states(*loaded, loaded->steps[2]);
  CHECK_FALSE(states.exhaustive);
  // The edges of the range are always tried, so a rule at the maximum's neighbour still fires.
  auto warnings = lint(lesson);
  INFO(list(warnings));
  CHECK(warnings.empty());
}
