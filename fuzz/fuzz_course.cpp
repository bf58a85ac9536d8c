// Fuzzes the course loader (what `lessonsim check` and the window run on course.json): the input
// is written as course.json into a folder holding real lessons (formats 1 and 3, steps with
// machines of their own), a symlink to /dev/zero and a FIFO, so entries may name files that
// load, files that do not, and files that must be refused.
#include <sys/stat.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "lessonsim/course.hpp"
#include "lessonsim/journey.hpp"

namespace fs = std::filesystem;

namespace {

fs::path make_folder() {
  std::string pattern = (fs::temp_directory_path() / "lessonsim-fuzz-course-XXXXXX").string();
  if (!mkdtemp(pattern.data())) std::abort();
  fs::path dir = pattern;
  for (const char* lesson : {"valid.json", "format3.json", "format3_machines.json"})
    fs::copy_file(fs::path(LESSONSIM_SOURCE_DIR) / "tests/core/data" / lesson, dir / lesson);
  std::error_code ec;
  fs::create_symlink("/dev/zero", dir / "zero.json", ec);
  ::mkfifo((dir / "fifo.json").c_str(), 0600);
  fs::create_directory(dir / "folder.json", ec);
  return dir;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const fs::path dir = make_folder();
  const fs::path course_file = dir / "course.json";
  std::ofstream(course_file, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  lessonsim::Diagnostics diags(course_file.string());
  std::vector<lessonsim::Diagnostics> lesson_diags;
  auto course = lessonsim::load_course(course_file, diags, &lesson_diags);
  for (const auto& d : diags.all())
    (void)lessonsim::format_gcc(d);
  if (course) {
    // What the window does with a course that loads: the learner's path and what to continue.
    auto path = lessonsim::course_path(*course, {});
    (void)lessonsim::lesson_to_continue(path);
    for (const auto& entry : course->lessons)
      (void)course->index_of(entry.id);
  }
  return 0;
}
