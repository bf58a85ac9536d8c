// The lesson, course, saved-state and practice fuzzers' seeds and every input they once failed
// on (fuzz/regressions/course-*, saved_state-*, practice-*), replayed the way the fuzz targets
// run them.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "../../fuzz/practice_input.hpp"
#include "lessonsim/course.hpp"
#include "lessonsim/engine.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/playthrough.hpp"

using namespace lessonsim;
namespace fs = std::filesystem;

namespace {

const fs::path source = LESSONSIM_SOURCE_DIR;

// The files under fuzz/`folder` whose names start with `prefix`.
std::vector<fs::path> inputs(const std::string& folder, const std::string& prefix) {
  std::vector<fs::path> found;
  for (const auto& e : fs::directory_iterator(source / "fuzz" / folder)) {
    if (e.path().filename().string().starts_with(prefix)) found.push_back(e.path());
  }
  return found;
}

std::string text_of(const fs::path& path) {
  std::string text, error;
  REQUIRE(read_file(path, text, error));
  return text;
}

// fuzz_course's folder: lessons that load, a symlink to /dev/zero, a FIFO and a directory.
struct CourseFolder {
  fs::path dir =
      fs::temp_directory_path() / ("lessonsim-course-replay-" + std::to_string(::getpid()));
  CourseFolder() {
    fs::remove_all(dir);
    fs::create_directories(dir / "folder.json");
    for (const char* lesson : {"valid.json", "format3.json", "format3_machines.json"})
      fs::copy_file(source / "tests/core/data" / lesson, dir / lesson);
    fs::create_symlink("/dev/zero", dir / "zero.json");
    REQUIRE(::mkfifo((dir / "fifo.json").c_str(), 0600) == 0);
  }
  ~CourseFolder() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  std::optional<Course> load(const std::string& text, Diagnostics& diags) const {
    std::ofstream(dir / "course.json", std::ios::binary) << text;
    return load_course(dir / "course.json", diags);
  }
};

// The lessons fuzz_saved_state restores into: the shipped ones and the format-3 test lessons.
std::vector<std::shared_ptr<const Lesson>> saved_state_lessons() {
  std::vector<std::string> missing;
  std::vector<std::shared_ptr<const Lesson>> lessons;
  auto files = lesson_files({(source / "lessons").string()}, missing);
  for (const char* test : {"format3.json", "format3_machines.json"})
    files.push_back(source / "tests/core/data" / test);
  for (const auto& file : files) {
    Diagnostics diags(file.string());
    auto lesson = load_lesson_file(file, diags);
    REQUIRE(lesson);
    lessons.push_back(lesson);
  }
  return lessons;
}

// What fuzz_saved_state asserts: a state the engine takes saves and restores to itself.
int restores(const std::string& text, const std::vector<std::shared_ptr<const Lesson>>& lessons) {
  nlohmann::json state = nlohmann::json::parse(text, nullptr, false);
  if (state.is_discarded()) state = nlohmann::json::object();
  int taken = 0;
  for (const auto& lesson : lessons) {
    Engine engine(lesson);
    if (!engine.restore(state)) continue;
    ++taken;
    Engine copy(lesson);
    CHECK(copy.restore(engine.save()));
    CHECK(copy.save() == engine.save());
  }
  return taken;
}

}  // namespace

TEST_CASE("fuzz replay: the course seeds and regressions get a verdict", "[fuzz]") {
  CourseFolder folder;
  Diagnostics hostile("course.json");
  CHECK_FALSE(folder.load(text_of(source / "fuzz/corpus/course/hostile"), hostile));
  std::string all;
  for (const auto& d : hostile.all())
    all += d.message + "\n";
  // A symlink to /dev/zero is refused for leaving the folder before it is ever opened.
  CHECK_THAT(all, Catch::Contains("is a link to /dev/zero, outside the course's folder"));
  CHECK_THAT(all, Catch::Contains("is a FIFO"));
  CHECK_THAT(all, Catch::Contains("is a directory"));
  CHECK_THAT(all, Catch::Contains("listed twice"));
  // A format-3 lesson with steps on machines of their own makes a course; lessons that do not
  // name each other as next are located errors.
  Diagnostics format3("course.json");
  auto course = folder.load(text_of(source / "fuzz/corpus/course/format3"), format3);
  for (const auto& d : format3.all())
    UNSCOPED_INFO(format_gcc(d));
  REQUIRE(course);
  CHECK(course->lessons.at(0).lesson->steps.size() == 7);
  Diagnostics unchained("course.json");
  CHECK_FALSE(folder.load(text_of(source / "fuzz/corpus/course/format3-unchained"), unchained));
  std::string chain;
  for (const auto& d : unchained.all())
    chain += format_gcc(d) + "\n";
  CHECK_THAT(chain,
             Catch::Contains("course.json:2:53: error: lesson \"format3\" says next is \"\""));
  for (const auto& path : inputs("regressions", "course-")) {
    INFO(path);
    Diagnostics diags("course.json");
    auto course = folder.load(text_of(path), diags);
    CHECK((course.has_value() || diags.has_errors()));
  }
}

TEST_CASE("fuzz replay: the saved-state seeds restore, regressions never crash", "[fuzz]") {
  auto lessons = saved_state_lessons();
  for (const auto& path : inputs("corpus/saved_state", "")) {
    INFO(path);
    CHECK(restores(text_of(path), lessons) == 1);  // each seed is one lesson's real save
  }
  for (const auto& path : inputs("regressions", "saved_state-")) {
    INFO(path);
    CHECK(restores(text_of(path), lessons) >= 0);
  }
}

TEST_CASE("fuzz replay: the practice seeds of shipped lessons check clean, the others are refused",
          "[fuzz]") {
  auto bases = fuzzing::shipped_bases(source / "lessons");
  std::size_t shipped = 0;
  for (const auto& path : inputs("corpus/practice", "")) {
    INFO(path);
    Diagnostics diags("fuzz.json");
    auto lesson =
        fuzzing::exercise_practice(fuzzing::practice_input_text(bases, text_of(path)), diags);
    bool is_shipped = std::any_of(bases.begin(), bases.end(), [&](const fuzzing::Base& b) {
      return b.id == path.filename().string();
    });
    if (is_shipped) {
      ++shipped;
      CHECK(lesson);
      CHECK_FALSE(diags.has_errors());
    } else {
      CHECK(diags.has_errors());  // a hostile seed is refused with located errors
    }
  }
  CHECK(shipped == bases.size());
  for (const auto& path : inputs("regressions", "practice-")) {
    INFO(path);
    Diagnostics diags("fuzz.json");
    auto lesson =
        fuzzing::exercise_practice(fuzzing::practice_input_text(bases, text_of(path)), diags);
    CHECK((lesson || diags.has_errors()));
  }
}

TEST_CASE("fuzz replay: the format-3 lesson seeds load and play, or are located errors",
          "[fuzz][format3]") {
  Diagnostics formula("format3-formula-step");
  auto lesson = load_lesson(text_of(source / "fuzz/corpus/lesson/format3-formula-step"), formula);
  REQUIRE(lesson);
  CHECK_FALSE(formula.has_errors());
  for (const auto& p : lesson->playthroughs) {
    auto result = run_playthrough(lesson, p);
    INFO(result.message);
    CHECK(result.passed);
  }
  Diagnostics hostile("format3-hostile");
  CHECK_FALSE(load_lesson(text_of(source / "fuzz/corpus/lesson/format3-hostile"), hostile));
  std::string all;
  for (const auto& d : hostile.all())
    all += format_gcc(d) + "\n";
  for (const char* where :
       {"/steps/1/point)", "/steps/2/point)", "/steps/3/setup/servers)", "/steps/3/actions/100)",
        "/steps/4/machine/machine)", "/steps/5/machine/kind)", "/steps/6/machine)"}) {
    CHECK_THAT(all, Catch::Contains(std::string("(at ") + where));
  }
}
