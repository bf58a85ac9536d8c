// The batching canvas: its bars checked with numbers, and its buttons clicked.
#include <catch2/catch.hpp>

#include <filesystem>

#include "../../ui/imgui_harness.hpp"
#include "../layout_test_support.hpp"
#include "batching/batching_layout.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using namespace lessonsim::ui::testing;
using lessonsim::ui::testing::ImGuiHarness;

namespace {

const Rect batching_area{0, 0, 600, 400};

}  // namespace

TEST_CASE("batching: 140 GB of weights and 10 GB of KV in 160 GB, 20 ms against 30 ms") {
  BatchingLayout l = layout_batching({160, 140, 10, 20, 30}, batching_area);
  CHECK(l.fits);
  // Each track holds one and a half limits: the limit sits at two thirds, whatever the value.
  CHECK(l.memory.limit_x == Approx(400));
  CHECK_FALSE(l.memory.over);
  CHECK(l.weights.width() == Approx(400 * 140.0 / 160));
  CHECK(l.kv.x0 == Approx(l.weights.x1));
  CHECK(l.kv.width() == Approx(400 * 10.0 / 160));
  CHECK_FALSE(l.latency.over);
  CHECK(l.latency.limit_x == Approx(400));
  CHECK(l.step.width() == Approx(400 * 20.0 / 30));
  CHECK(l.latency.bar.y0 > l.memory.caption.y1);
  CHECK(l.tiles[0].y0 > l.latency.caption.y1);
  CHECK(l.tiles[2].x1 <= batching_area.x1 + 0.01f);
}

TEST_CASE("batching: 200 GB in 160 GB fits past the limit; 300 ms against 30 ms is broken") {
  BatchingLayout l = layout_batching({160, 140, 60, 300, 30}, batching_area);
  REQUIRE(l.memory.over);
  CHECK(l.memory.limit_x == Approx(400));
  CHECK_FALSE(l.memory.broken);
  CHECK(l.memory.over_part.x0 == Approx(400));
  CHECK(l.memory.over_part.x1 == Approx(500));
  CHECK(l.kv.x1 == Approx(500));
  REQUIRE(l.latency.over);
  CHECK(l.latency.limit_x == Approx(400));
  CHECK(l.latency.broken);
  CHECK(l.step.x1 == Approx(600));
}

TEST_CASE("batching: a short batching_area says it does not fit") {
  CHECK_FALSE(layout_batching({160, 140, 10, 20, 30}, Rect{0, 0, 600, 120}).fits);
}

TEST_CASE("batching: clicking Batch ×2 and + request gives those actions") {
  auto lesson = shipped_lesson("cost-of-an-answer.json");
  ImGuiHarness imgui;
  LessonScreen screen(lesson, "es", true);
  go_to_step(screen, *lesson, "fill");
  imgui.frame(screen);
  imgui.click(screen, target_of(screen, "double_batch"));
  CHECK(screen.applied().back().op == "double_batch");
  CHECK(screen.engine().value("batch") == 2);
  imgui.click(screen, target_of(screen, "more_requests"));
  CHECK(screen.engine().value("batch") == 3);
  CHECK_FALSE(screen.target("add_gpu").has_value());  // the fill step allows only the batch
}
