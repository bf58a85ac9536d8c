// Seeded random clicks and keys through the real lesson screen (no window): whatever the learner
// presses, no ImGui check fails, the machine's invariants hold, and the moves the screen made are
// exactly the engine's state (a fresh engine replaying them ends in the same place). One run
// mixes mouse and keys; one uses the keyboard alone. LESSONSIM_UI_FUZZ_FRAMES and
// LESSONSIM_UI_FUZZ_SEED make a longer or different run (see docs/testing.md).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <random>

#include "imgui_assert.hpp"
#include "imgui_harness.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using lessonsim::ui::testing::ImGuiHarness;

namespace {

namespace fs = std::filesystem;

long env_number(const char* name, long fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtol(v, nullptr, 10) : fallback;
}

std::vector<fs::path> shipped_lessons() {
  std::vector<std::string> missing;
  return lesson_files({std::string(LESSONSIM_SOURCE_DIR) + "/lessons"}, missing);
}

// What is wrong with the screen's state, or empty. `replay` follows the screen's moves as they
// are made, from a fresh engine; `replayed` counts those it has taken.
std::string problem(const LessonScreen& screen, Engine& replay, std::size_t& replayed) {
  const Engine& e = screen.engine();
  if (std::string broken = e.machine().broken_invariant(); !broken.empty()) return broken;
  for (double v : e.values()) {
    if (!std::isfinite(v)) return "a variable is not finite";
  }
  const auto& applied = screen.applied();
  for (; replayed < applied.size(); ++replayed)
    replay.apply(applied[replayed]);
  nlohmann::json want = e.save(), got = replay.save();
  if (got != want) {
    std::string keys;
    for (const auto& [key, value] : want.items()) {
      if (!got.contains(key) || got[key] != value) keys += " " + key;
    }
    return "replaying the screen's " + std::to_string(applied.size()) +
           " moves ends elsewhere (differs in:" + keys + "): " + got.dump().substr(0, 400) +
           " vs " + want.dump().substr(0, 400);
  }
  return {};
}

struct RunResult {
  std::size_t moves = 0;
  int furthest_step = 0;
};

RunResult drive(const std::shared_ptr<const Lesson>& lesson, const std::string& locale,
                bool keyboard_only, std::uint64_t seed, long frames) {
  ImGuiHarness imgui(1280, 800);
  LessonScreen screen(lesson, locale, true);
  std::mt19937_64 rng(seed);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<std::uint64_t>(n)); };
  const ImGuiKey keys[] = {ImGuiKey_Tab,        ImGuiKey_Enter,   ImGuiKey_Space,
                           ImGuiKey_Backspace,  ImGuiKey_Escape,  ImGuiKey_LeftArrow,
                           ImGuiKey_RightArrow, ImGuiKey_UpArrow, ImGuiKey_DownArrow};
  const char chars[] = "+-=_smuSMU123456789dhlcz";
  const char* targets[] = {"continue", "back",  "choice1", "choice2",
                           "choice3",  "model", "add_gpu", "restart"};
  ImGuiIO& io = ImGui::GetIO();
  Engine replay(lesson);
  std::size_t replayed = 0;
  RunResult out;
  for (long f = 0; f < frames; ++f) {
    int what = keyboard_only ? pick(2) : pick(4);
    if (what == 0) {
      imgui.key(screen, keys[pick(static_cast<int>(std::size(keys)))]);
    } else if (what == 1) {
      imgui.type(screen, chars[pick(static_cast<int>(std::size(chars)) - 1)]);
    } else if (what == 2) {
      auto aimed = screen.target(targets[pick(static_cast<int>(std::size(targets)))]);
      const auto x = static_cast<float>(pick(1280)), y = static_cast<float>(pick(800));
      Rect r = aimed ? *aimed : Rect{x, y, x + 1, y + 1};
      imgui.click(screen, r, pick(8) == 0 ? 1 : 0);
    } else {
      io.MousePos = ImVec2(static_cast<float>(pick(1280)), static_cast<float>(pick(800)));
      io.MouseWheel = static_cast<float>(pick(5) - 2);
      imgui.frame(screen);
      io.MouseWheel = 0;
    }
    screen.finish_animations();
    screen.take_requests();
    out.furthest_step = std::max(out.furthest_step, screen.engine().step_index());
    if (std::string p = problem(screen, replay, replayed); !p.empty()) {
      FAIL(lesson->id << " (" << locale << (keyboard_only ? ", keyboard only" : "")
                      << "): after input " << f << " of seed " << seed << ": " << p);
    }
  }
  out.moves = screen.applied().size();
  return out;
}

}  // namespace

TEST_CASE("ui random input: clicks and keys never break a lesson or desynchronise it",
          "[ui][fuzz]") {
  const long frames = env_number("LESSONSIM_UI_FUZZ_FRAMES", 600);
  const auto base = static_cast<std::uint64_t>(env_number("LESSONSIM_UI_FUZZ_SEED", 1));
  auto files = shipped_lessons();
  REQUIRE(files.size() >= 8);
  std::uint64_t n = 0;
  for (const auto& file : files) {
    Diagnostics diags(file.string());
    auto lesson = load_lesson_file(file, diags);
    REQUIRE(lesson);
    for (bool keyboard_only : {false, true}) {
      const std::uint64_t seed = base * 1000 + n++;
      const std::string locale = lesson->locales[seed % lesson->locales.size()];
      INFO(lesson->id << (keyboard_only ? " keyboard only" : " mouse and keys") << ", seed "
                      << seed);
      RunResult out;
      try {
        out = drive(lesson, locale, keyboard_only, seed, frames);
      } catch (const ImGuiAssertion& e) {
        FAIL("an ImGui check failed: " << e.what());
      }
      // The input reached the lesson: moves were made and the learner got past the first step.
      CHECK(out.moves > 0);
      CHECK(out.furthest_step > 0);
    }
  }
}

TEST_CASE("ui: starting the lesson again from its end is a move like any other", "[ui]") {
  // Found by the random input above (seed 5002): the restart button replaced the engine behind
  // the moves' back, so the saved moves no longer led to what the screen showed.
  Diagnostics diags("datacenter-split");
  auto lesson =
      load_lesson_file(fs::path(LESSONSIM_SOURCE_DIR) / "lessons/datacenter-split.json", diags);
  REQUIRE(lesson);
  ImGuiHarness imgui(1280, 800);
  LessonScreen screen(lesson, "en", true);
  screen.apply(Action::with("goto", "step", lesson->steps.back().id));
  screen.apply(Action::make("next"));
  REQUIRE(screen.engine().finished());
  imgui.frame(screen);
  auto restart = screen.target("restart");
  REQUIRE(restart);
  imgui.click(screen, *restart);
  CHECK_FALSE(screen.engine().finished());
  CHECK(screen.engine().step_index() == 0);
  REQUIRE_FALSE(screen.applied().empty());
  CHECK(screen.applied().back().op == "restart");
  Engine replay(lesson);
  for (const Action& a : screen.applied())
    replay.apply(a);
  CHECK(replay.save() == screen.engine().save());
}
