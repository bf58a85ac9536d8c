// The schema is the format: what `lessonsim check` accepts validates (every expectation, every
// recorded playthrough, every `new` scaffold, numbers whole by value), and the schema's hover
// texts each describe their own key.
#include <catch2/catch.hpp>

#include <set>

#include "lessonsim/machine.hpp"
#include "lessonsim/playthrough_append.hpp"
#include "lessonsim/recording.hpp"
#include "run_cli.hpp"
#include "schema_validate.hpp"
#include "temp_dir.hpp"

using namespace schema_check;

namespace {

nlohmann::ordered_json schema_kv_lesson() {
  std::ifstream in(source_dir + "/tests/app/data/kv-quant.json");
  return nlohmann::ordered_json::parse(in);
}

// Every (description, property name) pair of the schema, wherever a `properties` object is.
void schema_descriptions(const nlohmann::json& node,
                         std::map<std::string, std::set<std::string>>& out) {
  if (node.is_array()) {
    for (const auto& item : node)
      schema_descriptions(item, out);
  }
  if (!node.is_object()) return;
  for (const auto& [key, value] : node.items()) {
    if (key == "properties" && value.is_object()) {
      for (const auto& [name, property] : value.items()) {
        if (property.is_object() && property.contains("description"))
          out[property["description"]].insert(name);
      }
    }
    schema_descriptions(value, out);
  }
}

}  // namespace

TEST_CASE("schema: no hover text describes two different keys", "[schema]") {
  // A description shared by `is`, `key` and a setting's `unit` describes at most one of them.
  std::map<std::string, std::set<std::string>> seen;
  schema_descriptions(schema(), seen);
  CHECK(seen.size() > 100);
  for (const auto& [description, names] : seen) {
    INFO(description);
    std::string list;
    for (const auto& n : names)
      list += n + " ";
    INFO(list);
    CHECK(names.size() == 1);
  }
  const nlohmann::json whole = schema();
  const auto& formula = whole["$defs"]["formula_machine"]["properties"];
  CHECK_THAT(formula["variables"]["items"]["properties"]["is"]["description"].get<std::string>(),
             Catch::Contains("expression"));
  CHECK_THAT(formula["actions"]["items"]["properties"]["to"]["description"].get<std::string>(),
             Catch::Contains("sets"));
}

TEST_CASE("schema: every expectation check accepts validates, and every one it refuses fails",
          "[schema]") {
  // Each check alone, after an action and at the end, with a value that checks something and
  // one that checks nothing (`false`, an empty string), on the KV-cache lesson.
  const std::vector<std::pair<std::string, nlohmann::ordered_json>> checks = {
      {"holds", "fits"},         {"feedback_contains", "room"},
      {"feedback_contains", ""}, {"feedback_rule", "room"},
      {"no_feedback", true},     {"no_feedback", false},
      {"text_contains", "KiB"},  {"text_contains", ""},
      {"step", "fill"},          {"reveal_shown", true},
      {"reveal_shown", false},   {"correct", true},
      {"correct", false},        {"finished", false},
      {"finished", true},        {"rejected", true},
      {"rejected", false},       {"refusal_contains", "no"},
      {"refusal_contains", ""},  {"at_end", "fits"}};
  const std::vector<nlohmann::ordered_json> whens = {{{"after", 1}}, {{"at_end", true}}};
  TempDir dir;
  std::vector<fs::path> files;
  std::vector<std::string> names;
  for (const auto& when : whens) {
    for (const auto& [key, value] : checks) {
      nlohmann::ordered_json e = when;
      e[key] = value;
      nlohmann::ordered_json lesson = schema_kv_lesson();
      lesson["playthroughs"][0]["expect"].push_back(e);
      files.push_back(dir.write("case-" + std::to_string(files.size()) + ".json", lesson.dump(2)));
      names.push_back(e.dump());
    }
  }
  auto verdicts = validate(files);
  int accepted = 0;
  for (std::size_t k = 0; k < files.size(); ++k) {
    INFO(names[k]);
    std::string problems;
    bool loads = loader_accepts(read_text_file(files[k]), problems);
    INFO(problems);
    INFO(verdicts[files[k].string()]);
    CHECK(loads == (verdicts[files[k].string()] == "ok"));
    accepted += loads ? 1 : 0;
  }
  CHECK(accepted > 20);
  CHECK(accepted < static_cast<int>(files.size()));
}

TEST_CASE("schema: numbers are whole by value, for check as for JSON Schema", "[schema]") {
  // `"batch": 2.0` is the integer 2 to JSON Schema; `check` reads it so too, everywhere a whole
  // number is read: a setting, an answer, an expectation's `after`, an action's argument.
  nlohmann::ordered_json lesson = schema_kv_lesson();
  lesson["format"] = 3.0;
  lesson["steps"][2]["setup"]["batch"] = 2.0;
  lesson["steps"][7]["answer"] = 1.0;
  lesson["playthroughs"][0]["expect"][0]["after"] = 2.0;
  lesson["playthroughs"][0]["actions"][1]["i"] = 2.0;
  lesson["playthroughs"][0]["actions"][3]["n"] = 13e0;
  std::string text = lesson.dump(2);
  REQUIRE(text.find("\"batch\": 2.0") != std::string::npos);
  TempDir dir;
  fs::path file = dir.write("whole.json", text);
  CHECK(validate({file})[file.string()] == "ok");
  std::string problems;
  CHECK(loader_accepts(text, problems));
  INFO(problems);
  CliResult run = run_cli("test " + file.string());
  INFO(run.out);
  CHECK(run.code == 0);

  // A fraction is refused by both where the schema knows a whole number is asked for (a formula
  // machine's settings are the lesson's own, which only `check` reads).
  auto mini = nlohmann::ordered_json::parse(
      read_text_file(source_dir + "/tests/app/data/mini-example.json"));
  mini["machine"]["gpus"] = 2.5;
  fs::path half = dir.write("half.json", mini.dump(2));
  CHECK(validate({half})[half.string()] != "ok");
  CHECK_FALSE(loader_accepts(read_text_file(half), problems));
}

TEST_CASE("schema: what `new` writes validates, for every machine kind", "[schema]") {
  TempDir dir;
  std::vector<fs::path> files;
  for (const auto* spec : lessonsim::machine_kinds()) {
    fs::path out = dir.path() / (spec->kind + ".json");
    CliResult r =
        run_cli("new fresh-" + spec->kind + " --kind " + spec->kind + " --out " + out.string());
    INFO(r.out);
    REQUIRE(r.code == 0);
    files.push_back(out);
  }
  auto verdicts = validate(files);
  for (const auto& f : files) {
    INFO(f.string());
    CHECK(verdicts[f.string()] == "ok");
  }
}

TEST_CASE("schema: every playthrough the recorder writes validates", "[schema]") {
  // Each shipped playthrough (and the KV-cache lesson's) played again through the recorder from
  // the first step, appended to its lesson as the window appends a recording, then validated.
  TempDir dir;
  std::vector<fs::path> files;
  std::vector<fs::path> lessons = {source_dir + "/tests/app/data/kv-quant.json"};
  std::vector<std::string> missing;
  for (const auto& f : lessonsim::lesson_files({source_dir + "/lessons"}, missing))
    lessons.push_back(f);
  int recorded = 0;
  for (const auto& path : lessons) {
    std::string text = read_text_file(path);
    Diagnostics d(path.string());
    auto lesson = lessonsim::load_lesson(text, d);
    REQUIRE(lesson);
    for (const auto& p : lesson->playthroughs) {
      lessonsim::Engine engine(lesson);
      lessonsim::PlaythroughRecorder recorder;
      lessonsim::Action go = lessonsim::PlaythroughRecorder::start_at(lesson->steps.front().id);
      recorder.observe(go, engine.apply(go), engine);
      for (const auto& a : p.actions)
        recorder.observe(a, engine.apply(a), engine);
      std::string error;
      auto appended =
          lessonsim::append_recording(text, recorder.playthrough("recorded", engine), error);
      INFO(path.string() << ": " << p.name << ": " << error);
      REQUIRE(appended);
      text = appended->text;
      ++recorded;
    }
    files.push_back(dir.write(path.filename().string(), text));
  }
  CHECK(recorded > 50);
  auto verdicts = validate(files);
  for (const auto& f : files) {
    INFO(f.string());
    CHECK(verdicts[f.string()] == "ok");
  }
}

TEST_CASE("schema: locale codes are BCP 47 codes, as check reads them", "[schema]") {
  TempDir dir;
  auto with_locales = [&](const std::string& name, nlohmann::ordered_json locales) {
    nlohmann::ordered_json lesson = schema_kv_lesson();
    lesson["locales"] = std::move(locales);
    return dir.write(name, lesson.dump(2));
  };
  fs::path klingon = with_locales("klingon.json", {"es", "en", "klingon"});
  fs::path lower = with_locales("lower.json", {"es", "en", "pt-br"});
  auto verdicts = validate({klingon, lower});
  CHECK(verdicts[klingon.string()] != "ok");
  CHECK(verdicts[lower.string()] != "ok");
  std::string problems;
  CHECK_FALSE(loader_accepts(read_text_file(klingon), problems));
  CHECK_FALSE(loader_accepts(read_text_file(lower), problems));
}
