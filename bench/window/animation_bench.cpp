// The rendered frame time while an animation runs, in a real GL window (llvmpipe under Xvfb):
// a lesson demo, entered again each time it ends, every frame built, rendered and finished
// (glFinish) before the clock stops. Prints the median and the 99th percentile.
// Usage: animation_bench [LESSON.json STEP]... (default: lesson 1's cut, the ZeRO demo)
#include <glad/gl.h>

#include <GLFW/glfw3.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "lesson_screen.hpp"
#include "lessonsim/loader.hpp"
#include "window_context.hpp"

using namespace lessonsim;

int main(int argc, char** argv) {
  constexpr int frames_per_demo = 400;
  std::vector<std::pair<std::string, std::string>> demos;
  for (int k = 1; k + 1 < argc; k += 2)
    demos.emplace_back(argv[k], argv[k + 1]);
  if (demos.empty()) {
    const std::string dir = std::string(LESSONSIM_SOURCE_DIR) + "/lessons/";
    demos = {{dir + "datacenter-split.json", "solved"},
             {dir + "training-memory.json", "zero-demo"}};
  }
  app::GlWindow window;
  std::string error;
  if (!window.open("animation_bench", 1280, 800, true, error)) {
    std::fprintf(stderr, "animation_bench: %s\n", error.c_str());
    return 3;
  }
  std::vector<double> ms;
  for (const auto& [file, step] : demos) {
    Diagnostics diags(file);
    auto lesson = load_lesson_file(file, diags);
    if (!lesson || lesson->step_index(step) < 0) {
      std::fprintf(stderr, "animation_bench: no step %s in %s\n", step.c_str(), file.c_str());
      return 1;
    }
    ui::LessonScreen screen(lesson, lesson->locales.front(), false);
    for (int k = 0; k < frames_per_demo; ++k) {
      if (!screen.animating()) screen.apply(Action::with("goto", "step", step));
      auto start = std::chrono::steady_clock::now();
      window.new_frame();
      screen.frame(1.0f / 60.0f);
      window.render();
      glFinish();
      std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
      if (k >= 10) ms.push_back(elapsed.count());  // after the first frames' allocations
    }
  }
  std::sort(ms.begin(), ms.end());
  auto at = [&](double q) {
    return ms[static_cast<std::size_t>(q * static_cast<double>(ms.size() - 1))];
  };
  std::printf("rendered frame while animating: p50 %.2f ms, p99 %.2f ms over %zu frames\n", at(0.5),
              at(0.99), ms.size());
  return 0;
}
