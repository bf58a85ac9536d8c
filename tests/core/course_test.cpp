#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "lessonsim/course.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;
namespace fs = std::filesystem;

namespace {

fs::path course_dir() {
  // One folder per process: CTest runs test cases in parallel.
  fs::path dir = fs::temp_directory_path() / ("lessonsim-course-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::string text, error;
  read_file(std::string(LESSONSIM_SOURCE_DIR) + "/tests/core/data/valid.json", text, error);
  auto lesson = [&](const std::string& id, const std::string& next) {
    std::string t = text;
    t.replace(t.find("\"id\": \"valid\""), 13, "\"id\": \"" + id + "\"");
    if (!next.empty()) {
      t.replace(t.find("\"version\""), 9, "\"next\": \"" + next + "\", \"version\"");
    }
    std::ofstream(dir / (id + ".json")) << t;
  };
  lesson("first", "second");
  lesson("second", "");
  return dir;
}

Diagnostics load(const fs::path& dir, const std::string& course_text, bool& ok) {
  std::ofstream(dir / "course.json") << course_text;
  Diagnostics d((dir / "course.json").string());
  ok = load_course(dir / "course.json", d).has_value();
  return d;
}

}  // namespace

TEST_CASE("course: the path loads its lessons in order", "[course]") {
  fs::path dir = course_dir();
  bool ok = false;
  auto d = load(dir, R"({"format": 1, "id": "course", "title": {"en": "C"},
  "lessons": [{"id": "first", "file": "first.json"}, {"id": "second", "file": "second.json"}]})",
                ok);
  for (const auto& x : d.all()) INFO(format_gcc(x));
  CHECK(ok);
  Diagnostics again((dir / "course.json").string());
  auto course = load_course(dir / "course.json", again);
  REQUIRE(course);
  CHECK(course->index_of("second") == 1);
  CHECK(course->lessons[0].lesson->id == "first");
}

TEST_CASE("course: wrong links, ids and files are located errors", "[course]") {
  fs::path dir = course_dir();
  bool ok = true;
  auto order = load(dir, R"({"lessons": [
  {"id": "second", "file": "second.json"},
  {"id": "first", "file": "first.json"}]})", ok);
  CHECK_FALSE(ok);
  REQUIRE(order.all().size() == 2);
  CHECK(order.all()[0].pos.line == 2);
  CHECK_THAT(order.all()[0].message, Catch::Contains("course continues with \"first\""));
  CHECK_THAT(order.all()[1].message, Catch::Contains("next is \"second\""));

  auto wrong_id = load(dir, R"({"lessons": [{"id": "frist", "file": "first.json"}]})", ok);
  CHECK_THAT(wrong_id.all().at(0).message, Catch::Contains("holds lesson \"first\""));
  auto missing = load(dir, R"({"lessons": [{"id": "x", "file": "nope.json"}]})", ok);
  CHECK_THAT(missing.all().at(0).message, Catch::Contains("does not load from nope.json"));
  auto twice = load(dir, R"({"lessons": [{"id": "second", "file": "second.json"},
  {"id": "second", "file": "second.json"}]})", ok);
  CHECK_THAT(twice.all().at(0).message, Catch::Contains("listed twice"));
}
