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
  fs::path dir =
      fs::temp_directory_path() / ("lessonsim-course-test-" + std::to_string(::getpid()));
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
  for (const auto& x : d.all())
    INFO(format_gcc(x));
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
  {"id": "first", "file": "first.json"}]})",
                    ok);
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
  {"id": "second", "file": "second.json"}]})",
                    ok);
  CHECK_THAT(twice.all().at(0).message, Catch::Contains("listed twice"));
}

TEST_CASE("course: a lesson file must stay inside the course's folder", "[course]") {
  fs::path dir = course_dir();
  bool ok = true;
  auto absolute = load(
      dir, R"({"lessons": [{"id": "first", "file": ")" + (dir / "first.json").string() + R"("}]})",
      ok);
  CHECK_FALSE(ok);
  REQUIRE_FALSE(absolute.all().empty());
  CHECK_THAT(absolute.all()[0].message, Catch::Contains("absolute path"));
  CHECK(absolute.all()[0].pointer == "/lessons/0/file");

  fs::create_directories(dir / "inner");
  fs::copy_file(dir / "first.json", dir / "outside.json");
  std::ofstream(dir / "inner" / "course.json")
      << R"({"lessons": [{"id": "first", "file": "../outside.json"}]})";
  Diagnostics escape((dir / "inner" / "course.json").string());
  CHECK_FALSE(load_course(dir / "inner" / "course.json", escape).has_value());
  REQUIRE_FALSE(escape.all().empty());
  CHECK_THAT(escape.all()[0].message, Catch::Contains("leaves the course's folder"));
  CHECK(escape.all()[0].pos.line == 1);

  // A symlink inside the folder that points out of it is refused as well.
  fs::create_symlink(dir / "outside.json", dir / "inner" / "link.json");
  std::ofstream(dir / "inner" / "course.json")
      << R"({"lessons": [{"id": "first", "file": "link.json"}]})";
  Diagnostics link((dir / "inner" / "course.json").string());
  CHECK_FALSE(load_course(dir / "inner" / "course.json", link).has_value());
  REQUIRE_FALSE(link.all().empty());
  CHECK_THAT(link.all()[0].message, Catch::Contains("outside the course's folder"));
}

TEST_CASE("course: ids are ids, not paths", "[course]") {
  fs::path dir = course_dir();
  bool ok = true;
  auto bad = load(dir, R"({"lessons": [{"id": "../first", "file": "first.json"}]})", ok);
  CHECK_FALSE(ok);
  REQUIRE(bad.all().size() == 1);
  CHECK_THAT(bad.all()[0].message, Catch::Contains("is not a lesson id"));
  CHECK(bad.all()[0].pointer == "/lessons/0/id");

  std::string text, error;
  REQUIRE(read_file(dir / "second.json", text, error));
  text.replace(text.find("\"version\""), 9, "\"next\": \"../../etc/passwd\", \"version\"");
  Diagnostics d("second.json");
  CHECK(load_lesson(text, d) == nullptr);
  REQUIRE(d.all().size() == 1);
  CHECK_THAT(d.all()[0].message, Catch::Contains("not a lesson id"));
  CHECK(d.all()[0].pointer == "/next");
}

TEST_CASE("course: a file listed under many ids is read once", "[course]") {
  fs::path dir = course_dir();
  std::string entries;
  for (int k = 0; k < 50; ++k)
    entries += std::string(k ? "," : "") + R"({"id": "copy-)" + std::to_string(k) +
               R"(", "file": "first.json"})";
  std::ofstream(dir / "course.json") << R"({"lessons": [)" + entries + "]}";
  Diagnostics d((dir / "course.json").string());
  std::vector<Diagnostics> lessons;
  auto course = read_course(dir / "course.json", d, &lessons);
  REQUIRE(course);
  CHECK(lessons.size() == 1);
  REQUIRE(course->lessons.size() == 50);
  CHECK(course->lessons[0].lesson == course->lessons[49].lesson);
  CHECK(d.error_count() == 50);  // each entry's id is not the file's
}

TEST_CASE("course: lessons beside it that it does not list, and their next", "[course]") {
  fs::path dir = course_dir();
  std::ofstream(dir / "course.json")
      << R"({"lessons": [{"id": "first", "file": "first.json"}, {"id": "second", "file": "second.json"}]})";
  Diagnostics d((dir / "course.json").string());
  auto course = read_course(dir / "course.json", d);
  REQUIRE(course);
  std::string file = (dir / "course.json").string();
  std::vector<LessonSummary> lessons = {
      {"draft.json", "draft", {2, 9}, "secnd", {5, 11}},
      {"first.json", "first", {2, 9}, "third", {5, 11}},
  };
  auto found = check_against_course(lessons, *course, file, false);
  REQUIRE(found.size() == 3);
  CHECK(found[0].severity == Severity::warning);
  CHECK_THAT(found[0].message, Catch::Contains("\"draft\" is not in"));
  CHECK(found[1].severity == Severity::error);
  CHECK_THAT(found[1].message, Catch::Contains("\"secnd\", which is no lesson of"));
  CHECK(found[1].suggestion == "second");
  CHECK(found[1].pos.line == 5);
  CHECK(found[2].file == "first.json");
  CHECK_THAT(found[2].message, Catch::Contains("continues with \"second\""));
  // When the course file is reported, it already says where the path breaks.
  CHECK(check_against_course(lessons, *course, file, true).size() == 2);
}

TEST_CASE("course: two files with one lesson id are an error at the later one", "[course]") {
  std::vector<LessonSummary> lessons = {{"a.json", "same", {3, 9}, "", {}},
                                        {"b.json", "other", {3, 9}, "", {}},
                                        {"c.json", "same", {4, 9}, "", {}}};
  auto found = duplicate_lesson_ids(lessons);
  REQUIRE(found.size() == 1);
  CHECK(found[0].file == "c.json");
  CHECK(found[0].pos.line == 4);
  CHECK_THAT(found[0].message, Catch::Contains("already the id of a.json"));
}

TEST_CASE("course: an xapi block names the LRS and the IRI, never a learner or a credential",
          "[course]") {
  fs::path dir = course_dir();
  bool ok = false;
  auto d = load(dir, R"({"format": 1, "id": "course", "title": {"en": "C"},
  "xapi": {"endpoint": "https://lrs.example/xapi/", "activity_iri": "https://school.example/ls/"},
  "lessons": [{"id": "first", "file": "first.json"}, {"id": "second", "file": "second.json"}]})",
                ok);
  CHECK(ok);
  CHECK(d.all().empty());
  d = load(dir, R"({"format": 1, "id": "course", "title": {"en": "C"},
  "xapi": {"endpoint": 3, "auth_file": "/home/me/key"},
  "lessons": [{"id": "first", "file": "first.json"}, {"id": "second", "file": "second.json"}]})",
           ok);
  REQUIRE(d.all().size() == 2);
  CHECK(format_gcc(d.all()[0]).find("\"endpoint\" is a string") != std::string::npos);
  CHECK(format_gcc(d.all()[1]).find("unknown key \"auth_file\" in \"xapi\"") != std::string::npos);
  CHECK(format_gcc(d.all()[1]).find(":2:") != std::string::npos);  // located at the key
}
