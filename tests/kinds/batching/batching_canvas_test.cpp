// The batching canvas's cost: green only when the machine judges the setup a good buy.
#include <catch2/catch.hpp>

#include "../../support/machine_test_support.hpp"
#include "../../ui/imgui_harness.hpp"
#include "theme.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using lessonsim::ui::testing::ImGuiHarness;

TEST_CASE("batching canvas: a broken latency promise is no green cost; the cheapest kept one is",
          "[ui][batching]") {
  ImGuiHarness imgui;
  LessonScreen screen(lessonsim::testing::shipped_lesson("cost-of-an-answer.json"), "en", true);
  screen.apply(Action::with("goto", "step", "promise"));
  // 4 A100s, 16 requests: a token every 37 ms against the 30 ms promised.
  REQUIRE(screen.engine().value("meets_target") == 0);
  CHECK(imgui.frame_text(screen).find('$') != std::string::npos);
  CHECK(imgui.frame_text_in(screen, palette::success).find('$') == std::string::npos);
  // The machine's cheapest setup that keeps the promise.
  const auto best = [&](const char* name) { return static_cast<int>(screen.engine().value(name)); };
  screen.apply(Action::with("set_gpus", "n", best("best_gpus")));
  screen.apply(Action::with("set_batch", "n", best("best_batch")));
  REQUIRE(screen.engine().value("near_best") == 1);
  CHECK(imgui.frame_text_in(screen, palette::success).find('$') != std::string::npos);
}
