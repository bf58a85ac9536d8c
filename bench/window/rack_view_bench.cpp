// How long the UI takes to build one frame of the rack canvas's site view (100,000 GPUs: every
// rack of the site in view, drawn as halls and row bands) with no renderer. Prints the mean and
// the slowest frame; the budget is 4 ms.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <vector>

#include "imgui_harness.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;

int main(int argc, char** argv) {
  constexpr int warm_up = 10;
  constexpr int frames = 1000;
  std::filesystem::path file =
      argc > 1 ? std::filesystem::path(argv[1])
               : std::filesystem::path(LESSONSIM_SOURCE_DIR) / "lessons/watts-and-cooling.json";
  Diagnostics diags(file.string());
  auto lesson = load_lesson_file(file, diags);
  if (!lesson) {
    std::fprintf(stderr, "rack_view_bench: cannot load %s\n", file.string().c_str());
    return 3;
  }
  ui::testing::ImGuiHarness imgui(1280, 800);
  ui::LessonScreen screen(lesson, "es", true);
  screen.apply(Action::with("goto", "step", "zoom"));
  screen.apply(Action::with("set_zoom", "n", 3));
  if (screen.engine().value("zoom") != 3 || screen.engine().value("site_gpus") < 100'000) {
    std::fprintf(stderr, "rack_view_bench: the lesson's zoom step does not show the site\n");
    return 1;
  }
  for (int k = 0; k < warm_up; ++k)
    imgui.frame(screen);
  std::vector<double> ms(frames);
  double total_ms = 0;
  for (double& m : ms) {
    auto start = std::chrono::steady_clock::now();
    imgui.frame(screen);
    m = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    total_ms += m;
  }
  std::sort(ms.begin(), ms.end());
  const double mean = total_ms / frames;
  const double p99 = ms[frames * 99 / 100], worst_ms = ms.back();
  std::printf(
      "rack site view, %.0f GPUs in %.0f racks, null backend: mean %.3f ms, p99 %.3f ms, max "
      "%.3f ms per frame over %d frames (budget 4 ms: %s)\n",
      screen.engine().value("view_gpus"), screen.engine().value("view_racks"), mean, p99, worst_ms,
      frames, mean <= 4.0 ? "within" : "OVER");
  return mean <= 4.0 ? 0 : 1;
}
