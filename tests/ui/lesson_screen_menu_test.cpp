// The lesson screen's menu bar fits its window: at 200% text in the pseudo-locale (about 30%
// longer words) the menus that do not fit fold into a last "…" menu, and still open from there.
#include <catch2/catch.hpp>

#include <filesystem>

#include "imgui_harness.hpp"
#include "lessonsim/lesson_locale.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using lessonsim::ui::testing::ImGuiHarness;

namespace {

std::shared_ptr<const Lesson> lesson_one() {
  Diagnostics diags("datacenter-split");
  auto lesson = load_lesson_file(
      std::filesystem::path(LESSONSIM_SOURCE_DIR) / "lessons/datacenter-split.json", diags);
  REQUIRE(lesson);
  return lesson;
}

}  // namespace

TEST_CASE("menu bar: at 200% text in en-XA the menus that do not fit fold into \"…\"") {
  ImGuiHarness imgui(1024, 640, 2.0f);
  LessonScreen screen(lesson_for_locale(lesson_one(), "en-XA"), "en-XA", true);
  imgui.frame(screen);
  imgui.frame(screen);
  auto more = screen.target("more");
  REQUIRE(more);
  CHECK(more->x1 <= 1024);
  // The Instructor menu, last in the bar, is folded: no label of it is drawn past the edge.
  CHECK_FALSE(screen.target("instructor"));
  // Opening "…" shows it there, as a submenu.
  imgui.click(screen, *more);
  auto instructor = screen.target("instructor");
  REQUIRE(instructor);
  CHECK(instructor->x1 <= 1024);
}

TEST_CASE("menu bar: with room for every menu there is no \"…\"") {
  ImGuiHarness imgui(1024, 640, 1.0f);
  LessonScreen screen(lesson_one(), "en", true);
  imgui.frame(screen);
  CHECK_FALSE(screen.target("more"));
  auto instructor = screen.target("instructor");
  REQUIRE(instructor);
  CHECK(instructor->x1 <= 1024);
}
