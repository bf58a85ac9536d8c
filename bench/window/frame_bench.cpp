// How long the UI takes to build one frame (NewFrame, the lesson screen, Render) with no renderer,
// for every step of every lesson in both locales. Prints the mean and the slowest step.
#include <chrono>
#include <cstdio>
#include <filesystem>

#include "imgui_harness.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  constexpr int frames_per_step = 200;
  std::vector<std::string> dirs = {std::string(LESSONSIM_SOURCE_DIR) + "/tests/ui/data"};
  if (argc > 1) {
    dirs.assign(argv + 1, argv + argc);
  } else if (fs::exists(fs::path(LESSONSIM_SOURCE_DIR) / "lessons")) {
    dirs.push_back(std::string(LESSONSIM_SOURCE_DIR) + "/lessons");
  }
  std::vector<std::string> missing;
  ui::testing::ImGuiHarness imgui(1280, 800);
  double total_ms = 0, worst_ms = 0;
  long steps = 0;
  std::string worst;
  for (const auto& file : lesson_files(dirs, missing)) {
    Diagnostics diags(file.string());
    auto lesson = load_lesson_file(file, diags);
    if (!lesson) continue;
    for (const auto& locale : lesson->locales) {
      for (const auto& step : lesson->steps) {
        ui::LessonScreen screen(lesson, locale, true);
        screen.apply(Action::with("goto", "step", step.id));
        for (int k = 0; k < 5; ++k)
          imgui.frame(screen);  // warm-up: first-use allocations
        auto start = std::chrono::steady_clock::now();
        for (int k = 0; k < frames_per_step; ++k)
          imgui.frame(screen);
        std::chrono::duration<double, std::milli> elapsed =
            std::chrono::steady_clock::now() - start;
        double ms = elapsed.count() / frames_per_step;
        total_ms += ms;
        ++steps;
        if (ms > worst_ms) {
          worst_ms = ms;
          worst = lesson->id + "/" + step.id + " (" + locale + ")";
        }
      }
    }
  }
  if (steps == 0) {
    std::fprintf(stderr, "frame_bench: no lessons found\n");
    return 1;
  }
  std::printf(
      "frame build, null backend: mean %.3f ms, slowest %.3f ms (%s), %ld steps x %d frames\n",
      total_ms / static_cast<double>(steps), worst_ms, worst.c_str(), steps, frames_per_step);
  return 0;
}
