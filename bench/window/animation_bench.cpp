// The rendered frame time while an animation runs, in a real GL window (llvmpipe under Xvfb):
// each animation started again whenever it ends (a demo entered again, or a learner's move and
// its opposite played in turn), every frame built, rendered and finished (glFinish) before the
// clock stops. Prints one line per animation and one over all: the median and the 99th
// percentile of the wall time, of the CPU time (every thread of the process, llvmpipe's
// rasterizer threads included: steadier than wall time when other work shares the cores), and
// of the pixels the frame's triangles cover, in windows (overdraw, counted on the CPU).
// Usage: animation_bench [LESSON.json STEP [OP,OP...]]... (default: the five below)
#include <glad/gl.h>

#include <GLFW/glfw3.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <sstream>
#include <string>
#include <vector>

#include "fill_area.hpp"
#include "lesson_screen.hpp"
#include "lessonsim/loader.hpp"
#include "window_context.hpp"

using namespace lessonsim;

namespace {

struct Animation {
  std::string file, step;
  std::vector<Action> moves;  // empty: the step's demo; else played in turn, one per animation
};

std::vector<Action> moves(const std::string& ops) {
  std::vector<Action> out;
  std::stringstream in(ops);
  for (std::string op; std::getline(in, op, ',');) {
    auto eq = op.find('=');
    out.push_back(eq == std::string::npos
                      ? Action::make(op)
                      : Action::with(op.substr(0, eq), "to", op.substr(eq + 1)));
  }
  return out;
}

struct Samples {
  std::vector<double> wall_ms, cpu_ms, windows;
  void add(const Samples& o) {
    wall_ms.insert(wall_ms.end(), o.wall_ms.begin(), o.wall_ms.end());
    cpu_ms.insert(cpu_ms.end(), o.cpu_ms.begin(), o.cpu_ms.end());
    windows.insert(windows.end(), o.windows.begin(), o.windows.end());
  }
};

double cpu_now_ms() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// The q-quantile of `v` (sorted in place).
double at(std::vector<double>& v, double q) {
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1))];
}

void print(const std::string& what, Samples s) {
  std::printf(
      "%s: p50 %.2f ms, p99 %.2f ms over %zu frames; CPU p50 %.2f ms, p99 %.2f ms; "
      "filled p50 %.2f, p99 %.2f windows\n",
      what.c_str(), at(s.wall_ms, 0.5), at(s.wall_ms, 0.99), s.wall_ms.size(), at(s.cpu_ms, 0.5),
      at(s.cpu_ms, 0.99), at(s.windows, 0.5), at(s.windows, 0.99));
}

}  // namespace

int main(int argc, char** argv) {
  constexpr int frames_per_animation = 300;
  std::vector<Animation> animations;
  for (int k = 1; k + 1 < argc; k += 2) {
    Animation a{argv[k], argv[k + 1], {}};
    if (k + 2 < argc && std::string(argv[k + 2]).find(".json") == std::string::npos) {
      a.moves = moves(argv[k + 2]);
      ++k;
    }
    animations.push_back(std::move(a));
  }
  if (animations.empty()) {
    const std::string dir = std::string(LESSONSIM_SOURCE_DIR) + "/lessons/";
    animations = {{dir + "datacenter-split.json", "solved", {}},
                  {dir + "training-memory.json", "zero-demo", {}},
                  {dir + "watts-and-cooling.json", "zoom",
                   moves("zoom_out,zoom_out,zoom_out,"
                         "zoom_in,zoom_in,zoom_in")},
                  {dir + "datacenter-split.json", "cut", moves("slice,slice,merge,merge")},
                  {dir + "interconnect.json", "pick-link", moves("next_link")}};
  }
  app::GlWindow window;
  std::string error;
  if (!window.open("animation_bench", 1280, 800, true, error)) {
    std::fprintf(stderr, "animation_bench: %s\n", error.c_str());
    return 3;
  }
  Samples all;
  for (const auto& a : animations) {
    Diagnostics diags(a.file);
    auto lesson = load_lesson_file(a.file, diags);
    if (!lesson || lesson->step_index(a.step) < 0) {
      std::fprintf(stderr, "animation_bench: no step %s in %s\n", a.step.c_str(), a.file.c_str());
      return 1;
    }
    ui::LessonScreen screen(lesson, lesson->locales.front(), false);
    if (!a.moves.empty()) screen.apply(Action::with("goto", "step", a.step));
    Samples ms;
    std::size_t next = 0;
    int moving = 0;  // frames drawn while the animation ran (a refused move starts none)
    for (int k = 0; k < frames_per_animation; ++k) {
      if (!screen.animating()) {
        if (a.moves.empty()) {
          screen.apply(Action::with("goto", "step", a.step));
        } else {
          screen.apply(a.moves[next++ % a.moves.size()]);
        }
      }
      if (screen.animating()) ++moving;
      auto start = std::chrono::steady_clock::now();
      const double cpu_start = cpu_now_ms();
      window.new_frame();
      screen.frame(1.0f / 60.0f);
      window.render();
      glFinish();
      std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
      if (k >= 10) {  // after the first frames' allocations
        ms.wall_ms.push_back(elapsed.count());
        ms.cpu_ms.push_back(cpu_now_ms() - cpu_start);
        const ImDrawData& data = *ImGui::GetDrawData();
        ms.windows.push_back(bench::filled_pixels(data) /
                             (data.DisplaySize.x * data.DisplaySize.y));
      }
    }
    if (moving < frames_per_animation / 2) {
      std::fprintf(stderr, "animation_bench: %s on %s never animated\n", a.step.c_str(),
                   a.file.c_str());
      return 1;
    }
    all.add(ms);
    print(a.file.substr(a.file.find_last_of('/') + 1) + " " + a.step, std::move(ms));
  }
  print("rendered frame while animating", std::move(all));
  return 0;
}
