// Fuzzes the saved state read back from the progress store: the input is the text of a lessons
// row's `state`, parsed as the store parses it, and restored into every shipped lesson and the
// format-3 test lessons (steps with machines of their own, so states with `lesson_machine`). A
// state the engine takes must save and restore again to the same state, and play on from there.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string_view>

#include "lessonsim/journey.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/session.hpp"

namespace fs = std::filesystem;
using namespace lessonsim;

namespace {

std::vector<std::shared_ptr<const Lesson>> lessons_to_restore_into() {
  std::vector<std::string> missing;
  std::vector<std::shared_ptr<const Lesson>> lessons;
  const std::string source = LESSONSIM_SOURCE_DIR;
  auto files = lesson_files({source + "/lessons"}, missing);
  for (const char* test : {"format3.json", "format3_machines.json"})
    files.push_back(fs::path(source) / "tests/core/data" / test);
  for (const auto& file : files) {
    Diagnostics diags(file.string());
    if (auto lesson = load_lesson_file(file, diags)) lessons.push_back(lesson);
  }
  if (lessons.empty()) std::abort();
  return lessons;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto lessons = lessons_to_restore_into();
  static const Course course = [] {
    Course c;
    for (const auto& l : lessons)
      c.lessons.push_back({l->id, {}, l});
    return c;
  }();
  std::string_view text(reinterpret_cast<const char*>(data), size);
  // As ProgressStore::lesson reads it: text that is not JSON is an empty state.
  nlohmann::json state = nlohmann::json::parse(text, nullptr, false);
  if (state.is_discarded()) state = nlohmann::json::object();
  std::vector<SavedLesson> saved;
  for (const auto& lesson : lessons) {
    SavedLesson row{lesson->id, "fuzz", state, false, {}};
    Engine engine(lesson);
    bool restored = engine.restore(state);
    (void)resume_message(resume_outcome(restored, row, "fuzz", *lesson));
    if (restored) {
      nlohmann::json again = engine.save();
      Engine copy(lesson);
      if (!copy.restore(again) || copy.save() != again) std::abort();  // save/restore must agree
      for (const char* op : {"next", "back", "undo", "reset", "next", "restart"})
        (void)engine.apply(Action::make(op));
    }
    saved.push_back(std::move(row));
  }
  auto path = course_path(course, saved);
  (void)lesson_to_continue(path);
  return 0;
}
