// Instructor → Class with ImGui running but no window: every state, three locales, 100% and
// 200% text; and its bars, one scale a quantity.
#include <catch2/catch.hpp>

#include <filesystem>

#include "imgui_assert.hpp"
#include "imgui_harness.hpp"
#include "lessonsim/loader.hpp"
#include "theme.hpp"
#include "xapi_class_screen.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using lessonsim::ui::testing::ImGuiHarness;

namespace {

ClassReport class_sample() {
  ClassReport r;
  r.statements = 120;
  r.lessons = {{"datacenter-split", "Why training needs a datacenter", 3, 2},
               {"training-memory", "", 2, 0}};
  r.questions = {{"datacenter-split", "guess", "Guess", "predict", 3, 1, "1", "2 GPUs", 2}};
  r.operate_steps = {{"datacenter-split", "drive", "Now you drive", 3, {{"overflow", 7}}, 4.5}};
  r.learners = {
      {"ana", "datacenter-split", "", "completed", "2026-12-01T10:00:00.000Z", 1, true},
      {"ben", "training-memory", "drive", "answered", "2026-12-01T10:05:00.000Z", 1, false},
      {"cid", "datacenter-split", "guess", "answered", "2026-12-01T10:06:00.000Z", 0, false}};
  return r;
}

}  // namespace

TEST_CASE("class screen: every state renders in every locale at 100% and 200%") {
  for (float scale : {1.0f, 2.0f}) {
    ImGuiHarness imgui(1280, 800, scale);
    for (const char* locale : {"es", "en", "pt-BR"}) {
      for (auto state : {ClassView::State::not_set, ClassView::State::reading,
                         ClassView::State::failed, ClassView::State::ready}) {
        INFO(locale << " at " << scale * 100 << "%, state " << static_cast<int>(state));
        JourneyView view;
        view.locale = locale;
        view.class_view.state = state;
        view.class_view.lrs = "https://lrs.school.example/xapi/";
        view.class_view.error = "the LRS cannot be reached";
        view.class_view.report = class_sample();
        JourneyRequests r;
        ClassScreen screen;
        CHECK_NOTHROW(testing::frames([&] { screen.frame(view, r); }));
        CHECK_FALSE(r.quit);
        CHECK_FALSE(r.read_class);
      }
    }
  }
}

TEST_CASE("class screen: a bar is as long as its value on its quantity's one scale") {
  CHECK(class_bar_length(3, 3, 300) == 300);
  CHECK(class_bar_length(1, 3, 300) == 100);
  CHECK(class_bar_length(0, 3, 300) == 0);
  CHECK(class_bar_length(0.25, 1.0, 200) == 50);
  // Nothing is longer than the scale's end: a share is at most the whole.
  CHECK(class_bar_length(2, 1, 200) == 200);
  CHECK(class_bar_length(1, 0, 200) == 0);
}

TEST_CASE(
    "class: \"n statements waiting\" stands at the menu bar's end, only where there is room") {
  Diagnostics diags("datacenter-split");
  auto lesson = load_lesson_file(
      std::filesystem::path(LESSONSIM_SOURCE_DIR) / "lessons/datacenter-split.json", diags);
  REQUIRE(lesson);
  ImGuiHarness imgui(1280, 800, 1.0f);
  LessonScreen screen(lesson, "en", true);
  screen.set_status("3 statements waiting for the LRS");
  imgui.frame(screen);
  imgui.frame(screen);
  auto status = screen.target("status");
  REQUIRE(status);
  CHECK(status->x1 <= 1280);
  auto instructor = screen.target("instructor");
  REQUIRE(instructor);
  CHECK(status->x0 > instructor->x1);  // after the menus, never over one
  screen.set_status("");
  imgui.frame(screen);
  CHECK_FALSE(screen.target("status"));
}

TEST_CASE("class: Instructor → Class asks the app to read the class") {
  Diagnostics diags("datacenter-split");
  auto lesson = load_lesson_file(
      std::filesystem::path(LESSONSIM_SOURCE_DIR) / "lessons/datacenter-split.json", diags);
  REQUIRE(lesson);
  ImGuiHarness imgui(1280, 800, 1.0f);
  LessonScreen screen(lesson, "en", true);
  imgui.frame(screen);
  imgui.click(screen, *screen.target("instructor"));
  auto item = screen.target("class");
  REQUIRE(item);
  imgui.click(screen, *item);
  CHECK(screen.take_requests().open_class);
}
