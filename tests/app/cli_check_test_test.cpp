#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "run_cli.hpp"

namespace {

const std::string data = std::string(LESSONSIM_SOURCE_DIR) + "/tests/core/data/";

std::string temp_dir() {
  // One folder per process: CTest runs test cases in parallel.
  auto dir =
      std::filesystem::temp_directory_path() / ("lessonsim-cli-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir.string();
}

std::string write_broken(const std::string& find, const std::string& replace) {
  std::ifstream in(data + "valid.json");
  std::stringstream s;
  s << in.rdbuf();
  std::string text = s.str();
  text.replace(text.find(find), find.size(), replace);
  std::string path = temp_dir() + "/broken.json";
  std::ofstream(path) << text;
  return path;
}

}  // namespace

TEST_CASE("cli check: clean lessons exit 0, broken ones 1 with located errors", "[cli]") {
  auto ok = run_cli("check " + data + "valid.json");
  CHECK(ok.code == 0);
  CHECK_THAT(ok.out, Catch::Contains("no problems"));

  std::string broken = write_broken("\"answer\": 0", "\"answer\": 3");
  auto bad = run_cli("check " + broken);
  CHECK(bad.code == 1);
  CHECK_THAT(bad.out, Catch::Contains(broken + ":24:16: error: \"answer\" is 3"));
  CHECK_THAT(bad.out, Catch::Contains("(at /steps/4/answer)"));

  auto missing = run_cli("check /nonexistent/lesson.json");
  CHECK(missing.code == 3);
  CHECK_THAT(missing.out, Catch::Contains("no such file"));
}

TEST_CASE("cli check: binary, empty and huge files give errors, never a crash", "[cli]") {
  std::string dir = temp_dir();
  std::ofstream(dir + "/empty.json").close();
  {
    std::ofstream bin(dir + "/binary.json", std::ios::binary);
    for (int k = 0; k < 4096; ++k)
      bin.put(static_cast<char>((k * 131) & 0xff));
  }
  std::ofstream(dir + "/deep.json") << std::string(100000, '[');
  {
    std::ofstream big(dir + "/big.json");
    big << "[";
    for (int k = 0; k < 5'000'000; ++k)
      big << "1,2,3,4,5,";
    big << "0]";
  }
  for (const char* name : {"empty.json", "binary.json", "deep.json", "big.json"}) {
    INFO(name);
    auto r = run_cli("check " + dir + "/" + name);
    CHECK(r.code == 1);
    CHECK_THAT(r.out, Catch::Contains(": error: "));
  }
}

TEST_CASE("cli test: one line per playthrough and the closing count", "[cli]") {
  std::string junit = temp_dir() + "/junit.xml";
  auto r = run_cli("test " + data + "valid.json --junit " + junit);
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("PASS valid: success"));
  CHECK_THAT(r.out, Catch::EndsWith("1 passed, 0 failed\n"));
  std::ifstream in(junit);
  std::stringstream xml;
  xml << in.rdbuf();
  CHECK_THAT(xml.str(), Catch::Contains("<testcase classname=\"valid\" name=\"success\""));

  std::string broken = write_broken("60 GB too many", "70 GB too many");
  auto failing = run_cli("test " + broken);
  CHECK(failing.code == 1);
  CHECK_THAT(failing.out, Catch::Contains("FAIL valid: success — after action 2 (add_gpu)"));
  CHECK_THAT(failing.out, Catch::EndsWith("0 passed, 1 failed\n"));

  auto only_missing = run_cli("test " + data + "valid.json --only nope");
  CHECK(only_missing.code == 1);
  CHECK_THAT(only_missing.out, Catch::Contains("no playthrough is named \"nope\""));
}

TEST_CASE("cli play: a lesson can be finished by typing", "[cli]") {
  auto r =
      run_cli("play " + data + "valid.json --locale en", "n\n1\nn\nn\n+\n+\n+\nn\n2\n1\nn\nn\n");
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("Not quite. 280 / 80 = 3.5, so four."));
  CHECK_THAT(r.out, Catch::Contains("200 GB too many."));
  CHECK_THAT(r.out, Catch::Contains("GPU 4"));
  CHECK_THAT(r.out, Catch::Contains("It fits!"));
  CHECK_THAT(r.out, Catch::Contains("Right! Memory."));
  CHECK_THAT(r.out, Catch::Contains("Lesson complete!"));

  auto es = run_cli("play " + data + "valid.json --locale es", "goto drive\n+\n+\n?\nzzz!\nq\n");
  CHECK_THAT(es.out, Catch::Contains("Sobran 13,3 GB."));
  CHECK_THAT(es.out, Catch::Contains("¡se pasa por 13,3 GB!"));
  CHECK_THAT(es.out, Catch::Contains("Órdenes:"));
  CHECK_THAT(es.out, Catch::Contains("No conozco esa orden"));

  auto bad_locale = run_cli("play " + data + "valid.json --locale fr");
  CHECK(bad_locale.code == 2);
}

TEST_CASE("cli play: Continue and undo follow the engine's rules, as in the window", "[cli]") {
  auto r = run_cli("play " + data + "valid.json --locale en",
                   "goto guess\nn\n1\nu\n2\ngoto drive\n+\nu\nu\nn\nq\n");
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("✗ Choose an answer first."));
  CHECK_THAT(r.out, Catch::Contains("Your prediction is locked in"));
  CHECK_THAT(r.out, Catch::Contains("✗ Reach this step's goal first."));
  // Undo after the choice and after the one machine move already taken back: both refused.
  std::size_t refusals = 0;
  for (std::size_t at = r.out.find("Nothing to undo."); at != std::string::npos;
       at = r.out.find("Nothing to undo.", at + 1)) {
    ++refusals;
  }
  CHECK(refusals == 2);
}

TEST_CASE("cli play --script replays commands as a transcript", "[cli]") {
  std::string script = temp_dir() + "/script.txt";
  std::ofstream(script) << "# to the hands-on step\ngoto drive\nset_gpus 4\n";
  auto r = run_cli("play " + data + "valid.json --locale en --script " + script);
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("> set_gpus 4"));
  CHECK_THAT(r.out, Catch::Contains("It fits!"));
  CHECK(run_cli("play " + data + "valid.json --script /nonexistent").code == 3);
}

TEST_CASE("cli check: a course file named directly is checked as a course", "[cli]") {
  auto course = run_cli("check " + std::string(LESSONSIM_SOURCE_DIR) + "/lessons/course.json");
  CHECK(course.code == 0);
  CHECK_THAT(course.out, Catch::Contains("0 lesson file(s) and 1 course(s) checked: no problems"));
  CHECK_THAT(course.out, !Catch::Contains("unknown key"));
}

TEST_CASE("cli check: many files are checked together, diagnostics in the files' order", "[cli]") {
  // Enough files for the check to share them among threads; every fifth one broken.
  auto dir = std::filesystem::path(temp_dir()) / "many";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ifstream in(data + "valid.json");
  std::stringstream s;
  s << in.rdbuf();
  const std::string valid = s.str();
  std::vector<std::string> broken;
  for (int k = 0; k < 60; ++k) {
    std::string text = valid;
    char name[32];
    std::snprintf(name, sizeof name, "lesson-%02d.json", k);
    // Each its own id: files sharing one are an error of their own.
    text.replace(text.find("\"id\": \"valid\""), 13,
                 "\"id\": \"lesson-" + std::to_string(k) + "\"");
    if (k % 5 == 0) {
      text.replace(text.find("\"answer\": 0"), 11, "\"answer\": 3");
      broken.push_back((dir / name).string());
    }
    std::ofstream(dir / name) << text;
  }
  auto out = run_cli("check " + dir.string());
  CHECK(out.code == 1);
  CHECK_THAT(out.out, Catch::Contains("60 lesson file(s) checked: 12 error(s), 0 warning(s)"));
  std::size_t at = 0;
  for (const auto& b : broken) {
    auto found = out.out.find(b + ":24:16: error:", at);
    INFO(b);
    REQUIRE(found != std::string::npos);
    at = found;
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("cli test: a lesson that does not load puts its errors into the JUnit failure", "[cli]") {
  std::string broken = write_broken("\"answer\": 0", "\"answer\": 3");
  std::string junit = temp_dir() + "/junit-broken.xml";
  auto r = run_cli("test " + broken + " --junit " + junit);
  CHECK(r.code == 1);
  std::ifstream in(junit);
  std::stringstream xml;
  xml << in.rdbuf();
  // Both the message a dashboard shows and the body carry the located error.
  CHECK_THAT(xml.str(), Catch::Contains("message=\"the lesson does not load: " + broken +
                                        ":24:16: error: &quot;answer&quot; is 3"));
  CHECK_THAT(xml.str(), Catch::Contains("\">" + broken + ":24:16: error: &quot;answer&quot; is 3"));
}
