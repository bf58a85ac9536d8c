// The instructor's tools in the lesson screen, with ImGui running but no window.
#include <catch2/catch.hpp>

#include <filesystem>

#include "imgui_harness.hpp"
#include "lessonsim/lesson_swap.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/playthrough.hpp"
#include "lessonsim/playthrough_append.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using lessonsim::ui::testing::ImGuiHarness;

namespace {

std::string mini_text() {
  std::string text, error;
  REQUIRE(read_file(std::filesystem::path(LESSONSIM_SOURCE_DIR) / "tests/ui/data/mini-example.json",
                    text, error));
  return text;
}

std::shared_ptr<const Lesson> load(const std::string& text) {
  Diagnostics diags("mini");
  auto lesson = load_lesson(text, diags);
  REQUIRE(lesson);
  return lesson;
}

}  // namespace

TEST_CASE("instructor: a recording in the screen starts at its step and replays") {
  auto lesson = load(mini_text());
  ImGuiHarness imgui;
  LessonScreen screen(lesson, "en", true);
  imgui.frame(screen);
  screen.apply(Action::make("next"));
  screen.apply(Action::with("choose", "i", 0));
  screen.apply(Action::make("next"));
  screen.apply(Action::make("add_gpu"));  // played before the recording: not in it
  screen.instructor().start_recording(screen, "from drive");
  CHECK(screen.instructor().recording());
  CHECK(screen.engine().step().id == "drive");
  CHECK(screen.engine().value("gpus") == 1);  // the step as the replay will find it
  imgui.frame(screen);
  for (int k = 0; k < 3; ++k)
    screen.apply(Action::make("add_gpu"));
  screen.apply(Action::make("next"));
  imgui.frame(screen);
  screen.instructor().stop_recording(screen);
  CHECK_FALSE(screen.instructor().recording());

  auto requests = screen.take_requests();
  REQUIRE(requests.save_playthrough);
  const nlohmann::json& p = *requests.save_playthrough;
  CHECK(p["name"] == "from drive");
  REQUIRE(p["actions"].size() == 5);
  CHECK(p["actions"][0] == nlohmann::json({{"do", "goto"}, {"step", "drive"}}));
  CHECK(p["expect"].back()["step"] == "wrap");

  Playthrough replay;
  replay.name = "from drive";
  replay.locale = "en";
  for (const auto& a : p["actions"]) {
    Action action = Action::make(a["do"]);
    for (const auto& [key, value] : a.items()) {
      if (key != "do") action.args[key] = value;
    }
    replay.actions.push_back(action);
  }
  Expectation end;
  end.step = "wrap";
  replay.expect.push_back(end);
  CHECK(run_playthrough(lesson, replay).passed);
  CHECK_FALSE(screen.take_requests().save_playthrough);  // taken once
}

TEST_CASE("instructor: a hot-reloaded lesson keeps the place and the recording") {
  std::string text = mini_text();
  auto lesson = load(text);
  ImGuiHarness imgui;
  LessonScreen screen(lesson, "en", true);
  screen.apply(Action::with("goto", "step", "drive"));
  screen.instructor().start_recording(screen, "across a reload");
  screen.apply(Action::make("add_gpu"));
  imgui.frame(screen);

  std::string edited = text;
  std::string old_words = "\"Over by {overflow_gb} GB\"";
  auto at = edited.find(old_words);
  REQUIRE(at != std::string::npos);
  edited.replace(at, old_words.size(), "\"Too big by {overflow_gb} GB\"");
  auto changed = load(edited);
  screen.instructor().set_reload_errors({"mini.json:3:4: error: something"});
  imgui.frame(screen);  // the error overlay is drawn without tripping ImGui
  screen.swap_lesson(swap_lesson(screen.engine(), changed).engine);
  screen.instructor().set_reload_errors({});
  imgui.frame(screen);
  CHECK(&screen.engine().lesson() == changed.get());
  CHECK(screen.engine().step().id == "drive");
  CHECK(screen.engine().value("gpus") == 2);
  CHECK(visible_feedback(screen.engine(), "en") == "Too big by 60 GB");
  CHECK(screen.instructor().recording());
  screen.apply(Action::make("add_gpu"));
  screen.instructor().stop_recording(screen);
  auto p = screen.take_requests().save_playthrough;
  REQUIRE(p);
  CHECK((*p)["actions"].size() == 3);
}

TEST_CASE("instructor: the menu jumps to a step and records by clicking") {
  auto lesson = load(mini_text());
  ImGuiHarness imgui;
  LessonScreen screen(lesson, "en", true);
  imgui.frame(screen);
  auto click = [&](const char* name) {
    auto r = screen.target(name);
    INFO("click target " << name);
    REQUIRE(r.has_value());
    imgui.click(screen, *r);
  };
  auto hover = [&](const char* name) {
    auto r = screen.target(name);
    INFO("hover target " << name);
    REQUIRE(r.has_value());
    ImGui::GetIO().MousePos = ImVec2(r->center_x(), r->center_y());
    for (int k = 0; k < 3; ++k)
      imgui.frame(screen);
  };

  click("instructor");
  hover("jump_to_step");
  click("jump:drive");
  CHECK(screen.engine().step().id == "drive");

  click("instructor");
  click("start_recording");
  REQUIRE(screen.instructor().recording());
  for (int k = 0; k < 3; ++k)
    click("add_gpu");
  click("continue");
  CHECK(screen.engine().step().id == "wrap");
  click("instructor");
  click("stop_recording");
  CHECK_FALSE(screen.instructor().recording());

  auto p = screen.take_requests().save_playthrough;
  REQUIRE(p);
  std::string error;
  auto appended = append_recording(mini_text(), *p, error);
  INFO(error);
  REQUIRE(appended);
  const Playthrough& recorded = appended->lesson->playthroughs.back();
  CHECK(recorded.name == "recorded in the window");
  CHECK(recorded.actions.size() == 5);
  CHECK(run_playthrough(appended->lesson, recorded).passed);
}

namespace {

std::shared_ptr<const Lesson> lesson_one() {
  Diagnostics diags("datacenter-split.json");
  auto lesson = load_lesson_file(
      std::filesystem::path(LESSONSIM_SOURCE_DIR) / "lessons/datacenter-split.json", diags);
  REQUIRE(lesson);
  return lesson;
}

}  // namespace

TEST_CASE("instructor: the state explorer puts the machine in a state it lists") {
  ImGuiHarness imgui;
  LessonScreen screen(lesson_one(), "en", true);
  screen.apply(Action::with("goto", "step", "drive"));
  imgui.frame(screen);
  const Exploration& x = screen.instructor().exploration(screen);
  std::size_t goal = 0;
  while (goal < x.groups.size() && x.groups[goal].shows != StateGroup::Shows::goal)
    ++goal;
  REQUIRE(goal < x.groups.size());
  REQUIRE_FALSE(x.groups[goal].states.empty());
  CHECK_FALSE(screen.engine().goal_met());
  REQUIRE(screen.instructor().pick(screen, goal, 0));
  imgui.frame(screen);
  CHECK(screen.engine().step().id == "drive");
  CHECK(screen.engine().goal_met());
  CHECK(screen.engine().value("gpus") == 4);
  // A state where the "too-many" rule speaks.
  REQUIRE(screen.instructor().pick(screen, 2, 0));
  REQUIRE(screen.engine().feedback());
  CHECK(screen.engine().feedback()->id == "too-many");
}

TEST_CASE("instructor: playthrough warnings show in a panel above the lesson, not over it") {
  ImGuiHarness imgui;
  LessonScreen screen(lesson_one(), "en", true);
  screen.apply(Action::with("goto", "step", "drive"));
  imgui.frame(screen);
  imgui.frame(screen);
  auto before = screen.target("model");
  REQUIRE(before);
  screen.instructor().set_reload_warnings(
      {"lesson.json:400:12: warning: \"goto\" names no step \"gone\" (at /playthroughs/0)"});
  imgui.frame(screen);
  imgui.frame(screen);
  auto after = screen.target("model");
  REQUIRE(after);
  // The panel is part of the window's flow: the machine moves down instead of being covered.
  CHECK(after->y0 > before->y0 + 30);
}

TEST_CASE("instructor: the reload notice goes away with the next move") {
  ImGuiHarness imgui;
  LessonScreen screen(lesson_one(), "en", true);
  screen.set_notice("Lesson reloaded.");
  imgui.frame(screen);
  CHECK(screen.notice() == "Lesson reloaded.");
  screen.apply(Action::make("next"));
  CHECK(screen.notice().empty());
}
