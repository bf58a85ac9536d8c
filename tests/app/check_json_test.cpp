// `lessonsim check --format json|gcc`: the same diagnostics, for editors or for people.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

// The example lesson with a glossary term no text uses (a warning) and an unknown setting.
std::string lesson_with(bool error) {
  std::string text =
      read_text_file(std::string(LESSONSIM_SOURCE_DIR) + "/tests/app/data/mini-example.json");
  auto lesson = nlohmann::ordered_json::parse(text);
  lesson["glossary"] = {
      {{"term", "Zeppelin"}, {"definition", {{"es", "Un globo"}, {"en", "A balloon"}}}}};
  if (error) lesson["machine"]["gpu_memori_gb"] = 80;
  return lesson.dump(2);
}

}  // namespace

TEST_CASE("check --format json: one array of located diagnostics", "[check]") {
  TempDir dir;
  auto warned = dir.write("warned.json", lesson_with(false));
  auto r = run_cli("check --format json " + warned.string());
  INFO(r.out);
  CHECK(r.code == 0);  // warnings alone do not fail a check
  auto all = nlohmann::json::parse(r.out);
  REQUIRE(all.is_array());
  REQUIRE(all.size() == 1);
  const auto& d = all[0];
  CHECK(d["file"] == warned.string());
  CHECK(d["severity"] == "warning");
  CHECK(d["pointer"] == "/glossary/0/term");
  CHECK(d["line"].get<int>() > 1);
  CHECK(d["column"].get<int>() > 1);
  CHECK_THAT(d["message"].get<std::string>(), Catch::Contains("appears in no text"));
  CHECK(d.contains("suggestion"));

  auto broken = dir.write("broken.json", lesson_with(true));
  r = run_cli("check --format json " + broken.string() + " " + warned.string());
  INFO(r.out);
  CHECK(r.code == 1);
  all = nlohmann::json::parse(r.out);
  REQUIRE(all.size() == 2);  // the broken file's error; no lint on a file that does not load
  CHECK(all[0]["severity"] == "error");
  CHECK(all[0]["pointer"] == "/machine/gpu_memori_gb");
  CHECK(all[0]["suggestion"] == "gpu_memory_gb");
  CHECK(all[1]["severity"] == "warning");

  r = run_cli("check --format json " + (dir.path() / "nowhere.json").string());
  CHECK(r.code == 3);
  all = nlohmann::json::parse(r.out);
  REQUIRE(all.size() == 1);
  CHECK(all[0]["line"] == 0);
}

TEST_CASE("check --format gcc: warnings as FILE:LINE:COL: warning: lines", "[check]") {
  TempDir dir;
  auto warned = dir.write("warned.json", lesson_with(false));
  auto r = run_cli("check " + warned.string());
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains(warned.string() + ":") &&
                        Catch::Contains(": warning: the glossary term \"Zeppelin\"") &&
                        Catch::Contains("(at /glossary/0/term)") &&
                        Catch::Contains("0 error(s), 1 warning(s)"));
  CHECK(run_cli("check --format gcc " + warned.string()).out == r.out);
  CHECK(run_cli("check --format xml " + warned.string()).code == 2);
}
