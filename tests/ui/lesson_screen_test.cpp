// The lesson screen driven like a learner would, with ImGui running but no window.
#include <catch2/catch.hpp>

#include <filesystem>

#include "imgui_assert.hpp"
#include "imgui_harness.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using lessonsim::ui::testing::ImGuiHarness;

namespace {

std::shared_ptr<const Lesson> mini() {
  Diagnostics diags("mini");
  auto lesson = load_lesson_file(
      std::filesystem::path(LESSONSIM_SOURCE_DIR) / "tests/ui/data/mini-example.json", diags);
  REQUIRE(lesson);
  return lesson;
}

std::vector<std::string> ops(const std::vector<Action>& actions) {
  std::vector<std::string> out;
  for (const auto& a : actions)
    out.push_back(a.to_json().dump());
  return out;
}

}  // namespace

TEST_CASE("mouse only: clicks give the same actions as the scripted playthrough") {
  auto lesson = mini();
  ImGuiHarness imgui;
  REQUIRE(imgui.font_loaded());
  LessonScreen screen(lesson, "en", true);
  imgui.frame(screen);
  imgui.click(screen, testing::target_of(screen, "continue"));
  imgui.click(screen, testing::target_of(screen, "choice2"));
  imgui.click(screen, testing::target_of(screen, "continue"));
  for (int k = 0; k < 3; ++k)
    imgui.click(screen, testing::target_of(screen, "add_gpu"));
  CHECK(screen.engine().goal_met());
  imgui.click(screen, testing::target_of(screen, "continue"));

  CHECK(ops(screen.applied()) == ops(lesson->playthroughs.at(0).actions));
  CHECK(screen.engine().step().id == "wrap");
  CHECK(screen.engine().value("gpus") == 4);
  imgui.click(screen, testing::target_of(screen, "continue"));
  CHECK(screen.engine().finished());
}

TEST_CASE("keyboard only: Enter, a digit and + finish the lesson the same way") {
  auto lesson = mini();
  ImGuiHarness imgui;
  LessonScreen screen(lesson, "es", true);
  imgui.frame(screen);
  imgui.key(screen, ImGuiKey_Enter);
  imgui.type(screen, '2');
  imgui.key(screen, ImGuiKey_Space);
  for (int k = 0; k < 3; ++k)
    imgui.type(screen, '+');
  imgui.key(screen, ImGuiKey_Enter);
  CHECK(ops(screen.applied()) == ops(lesson->playthroughs.at(0).actions));
  imgui.key(screen, ImGuiKey_Backspace);
  CHECK(screen.engine().step().id == "drive");
}

TEST_CASE("clicking the model cuts it, right-clicking merges, as the engine's slice and merge") {
  auto lesson = mini();
  ImGuiHarness imgui;
  LessonScreen screen(lesson, "en", true);
  screen.apply(Action::with("goto", "step", "drive"));
  imgui.frame(screen);
  imgui.click(screen, testing::target_of(screen, "model"));
  REQUIRE(screen.applied().back().op == "slice");

  Engine expected(lesson);
  expected.apply(Action::with("goto", "step", "drive"));
  expected.apply(Action::make("slice"));
  CHECK(screen.engine().values() == expected.values());
  CHECK(screen.engine().value("slices") == 2);

  imgui.click(screen, testing::target_of(screen, "model"), 1);
  CHECK(screen.applied().back().op == "merge");
  CHECK(screen.engine().value("slices") == 1);
  imgui.type(screen, 's');
  imgui.type(screen, 'u');
  CHECK(screen.applied().back().op == "undo");
  CHECK(screen.engine().value("slices") == 1);
}

TEST_CASE("Continue stays disabled until the engine allows it, and a click then does nothing") {
  auto lesson = mini();
  ImGuiHarness imgui;
  LessonScreen screen(lesson, "en", true);
  screen.apply(Action::with("goto", "step", "guess"));
  imgui.frame(screen);
  std::size_t before = screen.applied().size();
  imgui.click(screen, testing::target_of(screen, "continue"));
  CHECK(screen.applied().size() == before);
  CHECK(screen.engine().step().id == "guess");
}

TEST_CASE("the demo animation runs, can be skipped, and reduced motion skips it") {
  const char* text = R"({"format": 1, "id": "d", "version": "1", "locales": ["en"],
    "title": {"en": "D"}, "machine": {"kind": "split", "model_gb": 280, "gpu_memory_gb": 80},
    "steps": [{"id": "a", "kind": "narrate", "text": {"en": "a"}},
              {"id": "show", "kind": "demo", "actions": [{"do": "set_gpus", "n": 4},
               {"do": "set_slices", "n": 4}], "text": {"en": "Watch"}}]})";
  Diagnostics diags("d");
  auto lesson = load_lesson(text, diags);
  REQUIRE(lesson);
  ImGuiHarness imgui;
  LessonScreen moving(lesson, "en", false);
  moving.apply(Action::make("next"));
  CHECK(moving.animating());
  imgui.frame(moving);
  CHECK(moving.animating());
  imgui.key(moving, ImGuiKey_Escape);
  CHECK_FALSE(moving.animating());
  CHECK(moving.engine().step().id == "show");

  LessonScreen calm(lesson, "en", true);
  calm.apply(Action::make("next"));
  CHECK_FALSE(calm.animating());
}

TEST_CASE("a finished lesson offers the course's next lesson, by click or by Enter") {
  Diagnostics diags("datacenter-split");
  auto lesson = load_lesson_file(
      std::filesystem::path(LESSONSIM_SOURCE_DIR) / "lessons/datacenter-split.json", diags);
  REQUIRE(lesson);
  REQUIRE(lesson->next == "training-memory");
  ImGuiHarness imgui;
  LessonScreen screen(lesson, "en", true);
  screen.apply(Action::with("goto", "step", lesson->steps.back().id));
  screen.apply(Action::make("next"));
  REQUIRE(screen.engine().finished());
  imgui.frame(screen);
  CHECK(screen.take_requests().open_lesson.empty());
  imgui.click(screen, testing::target_of(screen, "next_lesson"));
  CHECK(screen.take_requests().open_lesson == "training-memory");
  imgui.key(screen, ImGuiKey_Enter);
  CHECK(screen.take_requests().open_lesson == "training-memory");
}
