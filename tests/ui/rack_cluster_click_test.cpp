// The rack and cluster canvases driven with the mouse: each control gives the engine's action.
#include <catch2/catch.hpp>

#include <filesystem>

#include "imgui_harness.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using lessonsim::ui::testing::ImGuiHarness;

namespace {

std::shared_ptr<const Lesson> lesson(const char* file) {
  Diagnostics diags(file);
  auto l = load_lesson_file(std::filesystem::path(LESSONSIM_SOURCE_DIR) / "lessons" / file, diags);
  REQUIRE(l);
  return l;
}

}  // namespace

TEST_CASE("rack: add, remove, a slot, the cooling switch and the zoom give their actions") {
  ImGuiHarness imgui;
  LessonScreen screen(lesson("watts-and-cooling.json"), "es", true);
  screen.apply(Action::with("goto", "step", "ai-rack"));
  imgui.frame(screen);
  CHECK(screen.engine().value("servers") == 2);
  imgui.click(screen, testing::target_of(screen, "add_server"));
  CHECK(screen.applied().back().op == "add_server");
  CHECK(screen.engine().value("servers") == 3);
  imgui.click(screen, testing::target_of(screen, "remove_server"));
  CHECK(screen.engine().value("servers") == 2);
  imgui.click(screen, testing::target_of(screen, "slot7"));
  CHECK(screen.applied().back().to_json() == Action::with("set_servers", "n", 8).to_json());
  CHECK(screen.engine().value("servers") == 8);
  CHECK(screen.engine().value("hot") == 1);
  imgui.click(screen, testing::target_of(screen, "next_cooling"));
  CHECK(screen.applied().back().op == "next_cooling");
  CHECK(screen.engine().value("liquid") == 1);
  CHECK(screen.engine().goal_met());

  screen.apply(Action::with("goto", "step", "zoom"));
  imgui.frame(screen);
  imgui.click(screen, testing::target_of(screen, "zoom_out"));
  CHECK(screen.engine().value("zoom") == 1);
  imgui.click(screen, testing::target_of(screen, "zoom3"));
  CHECK(screen.applied().back().to_json() == Action::with("set_zoom", "n", 3).to_json());
  CHECK(screen.engine().value("zoom") == 3);
  imgui.click(screen, testing::target_of(screen, "zoom_in"));
  CHECK(screen.engine().value("zoom") == 2);
}

TEST_CASE("cluster: halving, doubling and the checkpoint buttons give their actions") {
  ImGuiHarness imgui;
  LessonScreen screen(lesson("training-time.json"), "en", true);
  screen.apply(Action::with("goto", "step", "size"));
  imgui.frame(screen);
  CHECK(screen.engine().value("gpus") == 128);
  imgui.click(screen, testing::target_of(screen, "double_gpus"));
  CHECK(screen.applied().back().op == "double_gpus");
  CHECK(screen.engine().value("gpus") == 256);
  imgui.click(screen, testing::target_of(screen, "halve_gpus"));
  CHECK(screen.engine().value("gpus") == 128);

  screen.apply(Action::with("goto", "step", "checkpoints"));
  imgui.frame(screen);
  const double hours = screen.engine().value("checkpoint_hours");
  imgui.click(screen, testing::target_of(screen, "checkpoint_more_often"));
  CHECK(screen.applied().back().op == "checkpoint_more_often");
  CHECK(screen.engine().value("checkpoint_hours") == Approx(hours / 2));
  imgui.click(screen, testing::target_of(screen, "checkpoint_less_often"));
  CHECK(screen.engine().value("checkpoint_hours") == Approx(hours));
}
