// The memory-stack canvas: its layout checked with numbers, and its buttons giving the actions.
#include <catch2/catch.hpp>

#include <filesystem>

#include "../../ui/imgui_harness.hpp"
#include "../layout_test_support.hpp"
#include "lessonsim/loader.hpp"
#include "memory_stack/memory_stack_layout.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using namespace lessonsim::ui::testing;
using lessonsim::ui::testing::ImGuiHarness;

namespace {

const Rect memory_stack_area{0, 0, 800, 420};

// 140B parameters in bf16 with Adam on one 80 GB GPU: 16 bytes a parameter, 2,240 GB.
MemoryFigures one_gpu() {
  MemoryFigures f;
  f.capacity_gb = 80;
  f.params_b = 140;
  f.serve_gb = 280;
  f.train_copy_gb = 2240;
  f.train_gb = {280, 280, 1680, 0};
  f.total_gb = 2240;
  f.overflow_gb = 2160;
  return f;
}

}  // namespace

TEST_CASE("one GPU, 2,240 GB: the stack towers over the 80 GB line, every part above it hatched") {
  MemoryLayout l = layout_memory_stack(one_gpu(), memory_stack_area);
  CHECK(l.scale_gb == Approx(140 * 16 * 1.05));
  CHECK_FALSE(l.per_gpu);
  const Rect& slot = l.train.slot;
  CHECK(l.line.center_y() == Approx(slot.y1 - 80 / l.scale_gb * slot.height()).epsilon(1e-4));
  REQUIRE(l.train.segments.size() == 3);  // no activations counted
  CHECK(l.train.over);
  CHECK(l.serve.over);
  const StackSegment& weights = l.train.segments[0];
  CHECK(weights.part == MemoryPart::weights);
  CHECK(weights.rect.height() == Approx(280 / l.scale_gb * slot.height()).epsilon(1e-4));
  CHECK(weights.over.y1 == Approx(l.line.center_y()));
  CHECK(weights.over.height() == Approx(200 / l.scale_gb * slot.height()).epsilon(1e-3));
  const StackSegment& optimizer = l.train.segments[2];
  CHECK(optimizer.over.height() == Approx(optimizer.rect.height()));
  CHECK(l.train.segments.back().rect.y0 == Approx(slot.y1 - 2240 / l.scale_gb * slot.height()));
  CHECK(l.train.total_gb == Approx(2240));
  // Serving and training stand side by side on the same scale.
  REQUIRE(l.serve.segments.size() == 1);
  CHECK(l.serve.segments[0].rect.height() == Approx(weights.rect.height()));
  CHECK(l.serve.slot.x1 < l.train.slot.x0);
}

TEST_CASE("64 GPUs at ZeRO 3: 35 GB fits under the line, nothing over, all inside the canvas") {
  MemoryFigures f;
  f.capacity_gb = 80;
  f.params_b = 140;
  f.gpus = 64;
  f.serve_gb = 280;
  f.train_copy_gb = 2240;
  f.train_gb = {4.375, 4.375, 26.25, 0};
  f.total_gb = 35;
  f.free_gb = 45;
  MemoryLayout l = layout_memory_stack(f, memory_stack_area);
  // The whole copies keep the scale they had on one GPU; one GPU's share has a panel of its
  // own, magnified, and says so.
  CHECK(l.scale_gb == Approx(140 * 16 * 1.05));
  REQUIRE(l.per_gpu);
  CHECK(l.zoom == Approx(l.scale_gb / 200));
  CHECK(l.train.total_gb == Approx(2240));
  CHECK_FALSE(l.gpu.over);
  for (const auto& s : l.gpu.segments) {
    CHECK(s.over.height() == Approx(0));
    CHECK(s.rect.y0 >= l.gpu_line.center_y());
  }
  for (const Rect& r : {l.serve.slot, l.train.slot, l.gpu.slot, l.serve.caption, l.gpu.caption,
                        l.line, l.line_label, l.legend_rows.back()}) {
    CHECK(inside(r, memory_stack_area));
  }
}

TEST_CASE("parts: 2,240 GB and 1,680 GB stand at different heights on one scale") {
  MemoryFigures adam = one_gpu();
  MemoryFigures sgd = one_gpu();
  sgd.train_copy_gb = 1680;
  sgd.train_gb = {280, 280, 1120, 0};
  sgd.total_gb = 1680;
  MemoryLayout a = layout_memory_stack(adam, memory_stack_area);
  MemoryLayout b = layout_memory_stack(sgd, memory_stack_area);
  CHECK(a.scale_gb == Approx(b.scale_gb));
  const float ha = a.train.slot.y1 - a.train.segments.back().rect.y0;
  const float hb = b.train.slot.y1 - b.train.segments.back().rect.y0;
  CHECK(hb == Approx(ha * 1680 / 2240).epsilon(0.01));
}

TEST_CASE("a 1024x640 canvas still holds the bars, the line's label and the legend") {
  const Rect small{0, 0, 560, 260};
  MemoryLayout l = layout_memory_stack(one_gpu(), small, {16, 13, 14});
  for (const Rect& r : {l.serve.slot, l.train.slot, l.train.caption, l.line_label}) {
    CHECK(inside(r, small));
  }
  CHECK(l.line_label.x0 > l.train.slot.x1);
  CHECK(l.legend.x0 > l.line_label.x0);
}

TEST_CASE("at 200% text beside the narration of a 1024x640 window, each column keeps its words") {
  // The canvas fonts at 200% (capped at 125%); 8 GPUs, so three columns side by side.
  const MemoryMetrics at_200{25, 20, 22.5};
  const Rect narrow{0, 0, 435, 270};
  MemoryFigures f = one_gpu();
  f.gpus = 8;
  f.train_gb = {280, 280, 1680, 0};
  MemoryLayout l = layout_memory_stack(f, narrow, at_200);
  REQUIRE(l.per_gpu);
  CHECK(l.line_in_legend);
  const MemoryBar* bars[] = {&l.serve, &l.train, &l.gpu};
  for (std::size_t k = 0; k < 3; ++k) {
    const MemoryBar& bar = *bars[k];
    INFO("column " << k);
    // Room for "2,240" or a name's line in the small font: the bars were 16 px wide and their
    // words, centred on them, ran into each other.
    CHECK(bar.title.width() >= at_200.small_h * 3.5f);
    CHECK(bar.slot.width() >= at_200.text_h);
    CHECK(inside(bar.title, narrow));
    CHECK(inside(bar.caption, narrow));
    CHECK(bar.title.y1 <= bar.slot.y0 + 0.01f);
    CHECK(bar.caption.y0 >= bar.slot.y1);
    if (k > 0) {
      CHECK_FALSE(overlaps(bars[k - 1]->title, bar.title));
      CHECK_FALSE(overlaps(bars[k - 1]->caption, bar.caption));
    }
    CHECK_FALSE(overlaps(bar.title, l.legend));
    CHECK_FALSE(overlaps(bar.caption, l.legend));
  }
  CHECK(inside(l.line_label, l.legend));
  for (const Rect& row : l.legend_rows)
    CHECK(inside(row, narrow));
  // Names wrapped to two lines push the slots down, not the titles into them.
  MemoryMetrics two = at_200;
  two.title_lines = 2;
  MemoryLayout wrapped = layout_memory_stack(f, narrow, two);
  CHECK(wrapped.train.title.height() > l.train.title.height());
  CHECK(wrapped.train.title.y1 <= wrapped.train.slot.y0 + 0.01f);
}

TEST_CASE("the precision, optimizer, GPU and ZeRO buttons give the engine's actions") {
  auto l = shipped_lesson("training-memory.json");
  ImGuiHarness imgui;
  LessonScreen screen(l, "es", true);
  screen.apply(Action::with("goto", "step", "parts"));
  imgui.frame(screen);
  imgui.click(screen, target_of(screen, "set_precision:fp32"));
  REQUIRE(screen.applied().back().to_json() ==
          Action::with("set_precision", "to", "fp32").to_json());
  CHECK(screen.engine().value("precision_bits") == 32);
  imgui.click(screen, target_of(screen, "set_optimizer:sgd"));
  CHECK(screen.applied().back().to_json() == Action::with("set_optimizer", "to", "sgd").to_json());
  CHECK(screen.engine().value("adam") == 0);
  CHECK_FALSE(screen.target("add_gpu").has_value());

  screen.apply(Action::with("goto", "step", "shard"));
  imgui.frame(screen);
  double gpus = screen.engine().value("gpus");
  imgui.click(screen, target_of(screen, "add_gpu"));
  CHECK(screen.applied().back().op == "add_gpu");
  CHECK(screen.engine().value("gpus") == gpus + 1);
  imgui.click(screen, target_of(screen, "zero_up"));
  CHECK(screen.applied().back().op == "zero_up");
  CHECK(screen.engine().value("zero") == 1);
}

TEST_CASE("the ZeRO demo steps 120 → 31.4 → 16.6 → 1.88 GB on one GPU, a pause on each") {
  auto l = shipped_lesson("training-memory.json");
  ImGuiHarness imgui;
  LessonScreen screen(l, "en", false);
  Picture picture;
  screen.record_picture(&picture);
  const Marks& marks = picture.marks;
  screen.apply(Action::with("goto", "step", "zero-demo"));
  std::vector<double> seen;  // the fullest GPU's total, each time it changes
  for (int frame = 0; frame < 60 * 4 && screen.animating(); ++frame) {
    imgui.frame(screen);
    for (const Mark& m : marks) {
      if (m.view != "one GPU") continue;
      double gb = m.value / 1e9;
      if (seen.empty() || std::abs(seen.back() - gb) > 0.01) seen.push_back(gb);
    }
  }
  // Each stage's total is the largest mark in the one-GPU view: keep those in order.
  REQUIRE(seen.size() >= 4);
  std::vector<double> totals;
  for (double gb : {120.0, 31.4, 16.6, 1.88}) {
    for (double s : seen) {
      if (std::abs(s - gb) < 0.06) {
        totals.push_back(s);
        break;
      }
    }
  }
  CHECK(totals.size() == 4);
  CHECK_FALSE(screen.animating());
}
