// The course map offers a lesson not yet written in the learner's language in the ones it has.
#include <catch2/catch.hpp>

#include "../support/shipped_course.hpp"
#include "course_map_screen.hpp"
#include "imgui_harness.hpp"
#include "lessonsim/journey.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;

namespace {

// Presses and releases the mouse on `name`'s target, one frame each.
JourneyRequests click(CourseMapScreen& map, const JourneyView& view, const std::string& name) {
  auto r = map.target(name);
  REQUIRE(r.has_value());
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2((r->x0 + r->x1) * 0.5f, (r->y0 + r->y1) * 0.5f);
  JourneyRequests out;
  testing::frames([&] { map.frame(view, out); }, 1);
  io.MouseDown[0] = true;
  testing::frames([&] { map.frame(view, out); }, 1);
  io.MouseDown[0] = false;
  testing::frames([&] { map.frame(view, out); }, 1);
  return out;
}

}  // namespace

TEST_CASE("course map: a lesson not in the learner's language opens in one it has") {
  testing::ImGuiHarness imgui(1280, 2400);  // tall enough to show every card
  const Course& c = test::shipped_course();
  JourneyView view;
  view.locale = "pt-BR";
  view.locales = {"es", "en", "pt-BR"};
  view.path = course_path(c, {});
  REQUIRE(view.path.size() >= 2);
  // The shipped course is all in pt-BR: the second lesson stands for one not translated yet.
  auto untranslated = std::make_shared<Lesson>(*view.path[1].lesson);
  untranslated->locales = {"es", "en"};
  view.path[1].lesson = untranslated;
  const Lesson& first = *view.path[0].lesson;
  const Lesson& second = *untranslated;
  REQUIRE(std::find(first.locales.begin(), first.locales.end(), "pt-BR") != first.locales.end());
  CourseMapScreen map;
  JourneyRequests none;
  testing::frames([&] { map.frame(view, none); });

  JourneyRequests own = click(map, view, "lesson:" + first.id);
  CHECK(own.open_lesson == first.id);
  CHECK(own.open_locale.empty());

  JourneyRequests offered = click(map, view, "lesson:" + second.id);
  CHECK(offered.open_lesson == second.id);
  CHECK(offered.open_locale == second.locales.front());
}
