// Core budgets (docs/benchmarks.md): `check` over 1,000 lessons (≤ 1 s) and every playthrough of every
// lesson (≤ 2 s together). Prints the median of several runs beside each budget.
// Usage: bench_core [LESSONS_DIR] [LESSONSIM_BINARY]; with the binary, the headline `check` row
// times the real command (every core it uses), and the in-process rows show where time goes.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "lessonsim/lint.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/playthrough.hpp"

namespace fs = std::filesystem;
using namespace lessonsim;

namespace {

double median_seconds(int runs, const std::function<void()>& work) {
  std::vector<double> times;
  for (int k = 0; k < runs; ++k) {
    auto start = std::chrono::steady_clock::now();
    work();
    times.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

// 1,000 lessons made from the shipped ones, each with its own id, as an instructor's folder.
fs::path make_lessons(const std::vector<fs::path>& shipped, int count) {
  fs::path dir = fs::temp_directory_path() / "lessonsim-bench-lessons";
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (int k = 0; k < count; ++k) {
    const fs::path& source = shipped[static_cast<std::size_t>(k) % shipped.size()];
    std::string text, error;
    read_file(source, text, error);
    std::string id_key = "\"id\": \"";
    auto at = text.find(id_key);
    if (at != std::string::npos) text.insert(at + id_key.size(), "bench" + std::to_string(k) + "-");
    std::ofstream(dir / ("lesson-" + std::to_string(k) + ".json")) << text;
  }
  return dir;
}

}  // namespace

int main(int argc, char** argv) {
  std::string lessons_dir = argc > 1 ? argv[1] : std::string(LESSONSIM_SOURCE_DIR) + "/lessons";
  std::vector<std::string> missing;
  auto shipped = lesson_files({lessons_dir}, missing);
  if (shipped.empty()) {
    std::fprintf(stderr, "no lessons in %s\n", lessons_dir.c_str());
    return 3;
  }
  fs::path generated = make_lessons(shipped, 1000);
  auto files = lesson_files({generated.string()}, missing);
  int errors = 0;
  // What `lessonsim check` does per file: read, load (every error), and lint (the warnings,
  // whose state search is most of the cost); timed apart so each part's share shows.
  auto check_all = [&](bool lint) {
    errors = 0;
    for (const auto& f : files) {
      Diagnostics d(f.string());
      std::string text, error;
      read_file(f, text, error);
      auto root = parse_json_source(text, d);
      auto lesson = root ? load_lesson(*root, d) : nullptr;
      if (lesson && lint) lint_lesson(*lesson, *root, d);
      errors += d.error_count();
    }
  };
  double check = median_seconds(3, [&] { check_all(false); });
  double check_lint = median_seconds(3, [&] { check_all(true); });
  double command = -1;
  int command_code = 0;
  if (argc > 2) {
    std::string cmd =
        std::string("'") + argv[2] + "' check '" + generated.string() + "' >/dev/null 2>&1";
    command = median_seconds(5, [&] { command_code = std::system(cmd.c_str()); });
  }
  std::vector<std::shared_ptr<const Lesson>> lessons;
  std::size_t playthroughs = 0;
  for (const auto& f : shipped) {
    Diagnostics d(f.string());
    if (auto l = load_lesson_file(f, d)) {
      playthroughs += l->playthroughs.size();
      lessons.push_back(l);
    }
  }
  int failed = 0;
  double play = median_seconds(5, [&] {
    failed = 0;
    for (const auto& l : lessons) {
      for (const auto& p : l->playthroughs)
        failed += run_playthrough(l, p).passed ? 0 : 1;
    }
  });
  fs::remove_all(generated);
  std::printf("| what | measured | budget |\n|---|---|---|\n");
  if (command >= 0) {
    std::printf(
        "| `lessonsim check` over %zu lessons (load, validate, lint; exit %d) | %.3f s | ≤ 1 s |\n",
        files.size(), command_code, command);
  }
  std::printf("| in one thread: load and validate %zu lessons (%d errors) | %.3f s | |\n",
              files.size(), errors, check);
  std::printf("| in one thread: load, validate and lint %zu lessons | %.3f s | |\n", files.size(),
              check_lint);
  std::printf("| every playthrough of every lesson (%zu, %d failed) | %.4f s | ≤ 2 s |\n",
              playthroughs, failed, play);
  double headline = command >= 0 ? command : check_lint;
  return (headline <= 1.0 && play <= 2.0 && errors == 0 && failed == 0 && command_code == 0) ? 0
                                                                                             : 1;
}
