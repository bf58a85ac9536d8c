// The lab canvas: the six check bars checked with numbers, and its choices clicked.
#include <catch2/catch.hpp>

#include <filesystem>

#include "../../ui/imgui_harness.hpp"
#include "../layout_test_support.hpp"
#include "lab/lab_layout.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using namespace lessonsim::ui::testing;
using lessonsim::ui::testing::ImGuiHarness;

TEST_CASE("lab: every track holds twice its limit; one far over is broken and says so") {
  std::array<LabCheckFigure, lab_check_count> f{};
  f[0] = {30, 40, true, memory_scale_gb(1)};
  f[1] = {400, 40, false, memory_scale_gb(1)};  // ten times over: cut at the track's end
  f[2] = {50, 40, false, memory_scale_gb(1)};
  for (std::size_t k = 3; k < lab_check_count; ++k)
    f[k] = {1, 1, true, count_scale("racks", 1)};
  LabMetrics m;
  LabChecksLayout l = layout_lab_checks(f, Rect{0, 0, 700, 400}, m);
  CHECK_FALSE(l.stacked);
  const LabCheckRow& ok = l.rows[0];
  // The limit stays in the middle whatever the use: the plan moves the bar, not the scale.
  CHECK(ok.limit_x == Approx(ok.bar.x0 + ok.bar.width() * 0.5));
  CHECK(ok.fill.width() == Approx(ok.bar.width() * 30 / 80));
  CHECK_FALSE(ok.over);
  CHECK_FALSE(ok.broken);
  const LabCheckRow& far = l.rows[1];
  REQUIRE(far.over);
  CHECK(far.broken);
  CHECK(far.limit_x == Approx(far.bar.x0 + far.bar.width() * 0.5));
  CHECK(far.over_part.x1 == Approx(far.bar.x1));
  const LabCheckRow& near = l.rows[2];
  CHECK(near.limit_x == Approx(near.bar.x0 + near.bar.width() * 0.5));
  CHECK(near.fill.width() == Approx(near.bar.width() * 50 / 80));
  CHECK_FALSE(near.broken);
  CHECK(near.text.x0 > near.bar.x1);
  CHECK(l.rows[5].name.y0 > l.rows[4].name.y0);
  Marks marks = l.marks;
  label_marks(marks, "en");
  CHECK(check_marks(marks).empty());
}

TEST_CASE("lab: a narrow area puts the numbers under the bars") {
  std::array<LabCheckFigure, lab_check_count> f{};
  LabChecksLayout l = layout_lab_checks(f, Rect{0, 0, 380, 400});
  CHECK(l.stacked);
  CHECK(l.rows[0].text.y0 >= l.rows[0].bar.y1);
  CHECK(l.rows[1].name.y0 >= l.rows[0].text.y1);
}

TEST_CASE("lab: clicking ZeRO 3, H200, +8 GPUs and liquid gives those actions") {
  auto lesson = shipped_lesson("plan-a-cluster.json");
  ImGuiHarness imgui;
  LessonScreen screen(lesson, "es", true);
  go_to_step(screen, *lesson, "lab");
  imgui.frame(screen);
  imgui.click(screen, target_of(screen, "zero3"));
  CHECK(screen.engine().value("zero") == 3);
  imgui.click(screen, target_of(screen, "gpu_h200"));
  CHECK(screen.applied().back().to_json() == Action::with("set_gpu", "id", "h200").to_json());
  CHECK(screen.engine().value("gpu_index") == 3);
  imgui.click(screen, target_of(screen, "set_gpus +8"));
  CHECK(screen.engine().value("gpus") == 72);
  imgui.click(screen, target_of(screen, "liquid_cooling"));
  CHECK(screen.engine().value("liquid") == 1);
}
