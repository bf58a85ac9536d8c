// The batching canvas: its bars checked with numbers, and its buttons clicked.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <vector>

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

TEST_CASE("batching: at 200% text beside the narration of a 1024x640 window, every row fits") {
  // The canvas fonts at 200% (capped at 125%), two toolbar rows already taken above.
  BatchingMetrics at_200{25, 20, 20};
  at_200.headline_lines = 2;
  const Rect cramped{0, 0, 435, 265};  // what two rows of buttons leave
  BatchingLayout l = layout_batching({160, 140, 10, 20, 30}, cramped, at_200);
  CHECK(l.fits);
  CHECK(l.bar_h >= at_200.text_h * 0.8f);  // a bar still nearly a line of text high
  CHECK(l.bar_h < std::round(at_200.text_h * 2.4f));
  CHECK(l.memory.caption.y0 >= l.memory.bar.y1);
  CHECK(l.latency.label.y0 >= l.memory.caption.y1);
  CHECK(l.tiles[0].y0 >= l.latency.caption.y1);
  // Squeezed in height only: the limit keeps its place and the bars their lengths.
  CHECK(l.memory.limit_x == Approx(435 / 1.5));
  CHECK(l.weights.width() == Approx(435 / 1.5 * 140.0 / 160));
  // With room to spare the bars keep their full height.
  CHECK(layout_batching({160, 140, 10, 20, 30}, Rect{0, 0, 435, 600}, at_200).bar_h ==
        std::round(at_200.text_h * 2.4f));
}

TEST_CASE("batching: a caption of two lines moves the rows below it down a line") {
  BatchingMetrics two;
  two.memory_caption_lines = 2;
  BatchingLayout one_line = layout_batching({160, 140, 10, 20, 30}, batching_area);
  BatchingLayout l = layout_batching({160, 140, 10, 20, 30}, batching_area, two);
  CHECK(l.memory.caption.height() == Approx(2 * two.small_h));
  CHECK(l.latency.label.y0 >= l.memory.caption.y1);
  CHECK(l.latency.label.y0 == Approx(one_line.latency.label.y0 + two.small_h));
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

TEST_CASE("batching: at 200% text in en-XA and 1024x640 the buttons take rows, not the canvas") {
  auto lesson = shipped_lesson("cost-of-an-answer.json");
  ImGuiHarness imgui(1024, 640, 2.0f);
  LessonScreen screen(lesson, "en-XA", true);
  go_to_step(screen, *lesson, "fill");
  imgui.frame(screen);
  imgui.frame(screen);
  const Rect canvas = target_of(screen, "canvas");
  std::vector<float> rows;
  float bottom = 0;
  for (const char* name : {"halve_batch", "fewer_requests", "more_requests", "double_batch"}) {
    const Rect r = target_of(screen, name);
    CHECK(inside(r, canvas));
    if (std::none_of(rows.begin(), rows.end(), [&](float y) { return std::abs(y - r.y0) < 1; }))
      rows.push_back(r.y0);
    bottom = std::max(bottom, r.y1);
  }
  CHECK(rows.size() <= 2);
  CHECK(bottom - canvas.y0 <= canvas.height() * 0.3f);  // the picture keeps the rest
}
