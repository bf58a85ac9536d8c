// The lesson screen on format 3: the canvas is drawn beside every step that shows a
// machine (read-only off operate steps) and not on a text card.
#include <catch2/catch.hpp>

#include "../support/format3_fixture.hpp"
#include "imgui_harness.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using lessonsim::ui::testing::ImGuiHarness;

TEST_CASE("lesson screen: a format-3 text step shows its machine, read-only") {
  ImGuiHarness imgui;
  LessonScreen screen(test::format3_lesson(), "en", true);
  Picture picture;
  screen.record_picture(&picture);
  const Marks& marks = picture.marks;
  screen.apply(Action::with("goto", "step", "rack"));
  imgui.frame(screen);
  imgui.frame(screen);
  CHECK_FALSE(marks.empty());  // the rack's power and heat, drawn beside the text
  // No button of the machine is drawn, and a key of the machine does nothing here.
  CHECK_FALSE(screen.target("add_server"));
  CHECK_FALSE(screen.target("slot0"));
  const double servers = screen.engine().value("servers");
  screen.apply(Action::make("add_server"));
  CHECK(screen.engine().value("servers") == servers);
  // The operate step on the same machine has them.
  screen.apply(Action::with("goto", "step", "fill"));
  imgui.frame(screen);
  imgui.frame(screen);
  CHECK(screen.target("add_server"));
  // A text card draws no machine.
  screen.apply(Action::with("goto", "step", "card"));
  imgui.frame(screen);
  imgui.frame(screen);
  CHECK(marks.empty());
}
