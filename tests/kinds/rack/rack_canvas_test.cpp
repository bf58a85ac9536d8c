// The rack canvas's words: what the power bar says is left of the feed, as the calculator has it.
#include <catch2/catch.hpp>

#include "../../support/machine_test_support.hpp"
#include "../../ui/imgui_harness.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using lessonsim::ui::testing::ImGuiHarness;

namespace {

std::string drawn_at(const char* step, const char* locale, int add_servers = 0) {
  ImGuiHarness imgui;
  LessonScreen screen(lessonsim::testing::shipped_lesson("watts-and-cooling.json"), locale, true);
  screen.apply(Action::with("goto", "step", step));
  for (int k = 0; k < add_servers; ++k)
    screen.apply(Action::make("add_server"));
  imgui.frame(screen);
  return imgui.frame_text(screen);
}

}  // namespace

TEST_CASE("rack canvas: a feed filled up to rounding says nothing is left, in each language",
          "[ui][rack]") {
  // 18 trays of 6.666 kW under 120 kW: the 12 W between are no power a learner could use.
  const std::string en = drawn_at("nvl72", "en");
  CHECK_THAT(en, Catch::Contains(ImGuiHarness::as_drawn("· nothing left")));
  CHECK_THAT(en, !Catch::Contains("0.01kW"));
  CHECK_THAT(drawn_at("nvl72", "es"), Catch::Contains(ImGuiHarness::as_drawn("no queda nada")));
  CHECK_THAT(drawn_at("nvl72", "pt-BR"), Catch::Contains(ImGuiHarness::as_drawn("não resta nada")));
}

TEST_CASE("rack canvas: a feed with room says how much is left", "[ui][rack]") {
  // One 10.2 kW server under an enterprise rack's 15 kW.
  CHECK_THAT(drawn_at("enterprise", "en", 1),
             Catch::Contains(ImGuiHarness::as_drawn("left: 4.8 kW")));
}

TEST_CASE("rack canvas: an empty rack's caption gives its servers' GPUs, from the machine",
          "[ui][rack]") {
  // No server in the enterprise rack yet: each would still hold 8 GPUs, not 0 ÷ 0.
  CHECK_THAT(drawn_at("enterprise", "en"),
             Catch::Contains(ImGuiHarness::as_drawn("0 servers × 8 GPU = 0 GPU")));
  CHECK_THAT(drawn_at("enterprise", "pt-BR", 1),
             Catch::Contains(ImGuiHarness::as_drawn("1 servidor × 8 GPU = 8 GPU")));
}
