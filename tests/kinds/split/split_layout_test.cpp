// The split canvas's layout checked with numbers, no ImGui involved.
#include <catch2/catch.hpp>

#include "../layout_test_support.hpp"
#include "split/split_layout.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using namespace lessonsim::ui::testing;

namespace {

SplitMachine machine(int gpus, int slices) {
  SplitMachine m;
  m.set("max_gpus", 1024);
  m.set("max_slices", 1024);
  m.set("gpus", gpus);
  m.set("slices", slices);
  return m;
}

const Rect split_area{0, 0, 900, 560};

}  // namespace

TEST_CASE("four GPUs at 70 of 80 GB: each gauge is 87.5% full, links appear") {
  SplitLayout l = layout_split(machine(4, 4), split_area);
  REQUIRE(l.gpus.size() == 4);
  CHECK(l.fits);
  CHECK(l.model_gb == Approx(280));
  for (const auto& c : l.gpus) {
    CHECK(c.load_gb == Approx(70));
    CHECK(c.capacity_gb == Approx(80));
    CHECK(c.fill_fraction == Approx(0.875));
    CHECK(c.fill.height() == Approx(0.875 * c.gauge.height()).epsilon(0.001));
    CHECK(c.fill.y1 == Approx(c.gauge.y1));
    CHECK_FALSE(c.overflowing);
    REQUIRE(c.segments.size() == 1);
    CHECK(c.segments[0].slice == c.index);
    CHECK(inside(c.card, split_area));
  }
  CHECK(l.links.size() == 3);
  for (const auto& link : l.links) {
    CHECK(link.rect.x0 == Approx(l.gpus[static_cast<std::size_t>(link.from)].card.x1));
    CHECK(link.rect.x1 == Approx(l.gpus[static_cast<std::size_t>(link.from) + 1].card.x0));
  }
}

TEST_CASE("three GPUs: each is over by 13.3 GB, shown above the gauge's top, no links") {
  SplitLayout l = layout_split(machine(3, 3), split_area);
  REQUIRE(l.gpus.size() == 3);
  CHECK_FALSE(l.fits);
  CHECK(l.links.empty());
  for (const auto& c : l.gpus) {
    CHECK(c.overflowing);
    CHECK(c.overflow_gb == Approx(40.0 / 3).epsilon(1e-6));
    CHECK(c.fill_fraction == Approx(1.0));
    CHECK(c.overflow.y1 == Approx(c.gauge.y0));
    CHECK(c.overflow.height() > 0);
    CHECK(c.overflow.height() == Approx(13.3333 / 80 * c.gauge.height()).epsilon(0.01));
    CHECK(c.overflow_label.y1 <= c.overflow.y0);
    CHECK(inside(c.overflow_label, split_area));
  }
}

TEST_CASE("one GPU, whole model: 200 GB over, capped to the band above the card") {
  SplitLayout l = layout_split(machine(1, 1), split_area);
  REQUIRE(l.gpus.size() == 1);
  const GpuCard& c = l.gpus[0];
  CHECK(c.overflow_gb == Approx(200));
  CHECK(c.overflow.y0 > l.hint.y1);
  CHECK(l.slices.size() == 1);
  CHECK(l.seams.empty());
}

TEST_CASE("cuts show as seams inside the model block, one per cut") {
  SplitLayout l = layout_split(machine(1, 4), split_area);
  REQUIRE(l.slices.size() == 4);
  REQUIRE(l.seams.size() == 3);
  for (std::size_t k = 0; k < 3; ++k) {
    CHECK(inside(l.seams[k], l.model));
    CHECK(l.seams[k].center_x() == Approx(l.slices[k + 1].rect.x0));
  }
  CHECK(l.slices.front().rect.x0 == Approx(l.model.x0));
  CHECK(l.slices.back().rect.x1 == Approx(l.model.x1));
  CHECK(l.slices[0].gb == Approx(70));
  // Four slices on one GPU: stacked, the part over 80 GB cut off at the gauge's top.
  const GpuCard& c = l.gpus[0];
  CHECK(c.segments.size() == 2);
  CHECK(c.segments.back().rect.y0 == Approx(c.gauge.y0));
}

TEST_CASE("uneven placement: the first GPUs hold one slice more, idle GPUs hold none") {
  SplitLayout l = layout_split(machine(4, 2), split_area);
  REQUIRE(l.gpus.size() == 4);
  CHECK(l.gpus[0].load_gb == Approx(140));
  CHECK(l.gpus[1].load_gb == Approx(140));
  CHECK(l.gpus[2].load_gb == 0);
  CHECK(l.gpus[2].segments.empty());
}

TEST_CASE("more GPUs than fit: the row stays inside and says how many are hidden") {
  SplitLayout l = layout_split(machine(1024, 1024), split_area);
  CHECK(l.hidden_gpus > 0);
  CHECK(static_cast<std::int64_t>(l.gpus.size()) + l.hidden_gpus == 1024);
  for (const auto& c : l.gpus)
    CHECK(inside(c.card, split_area));
  CHECK(inside(l.more, split_area));
  CHECK(l.gpus.back().card.x1 <= l.more.x0);
}

TEST_CASE("a tiny split_area still gives ordered, non-negative rectangles") {
  SplitLayout l = layout_split(machine(16, 16), Rect{10, 10, 60, 40});
  CHECK(l.model.width() > 0);
  for (const auto& c : l.gpus) {
    CHECK(c.card.width() > 0);
    CHECK(c.gauge.height() > 0);
  }
}

TEST_CASE(
    "one memory scale: 200 GB over towers 3.3 times higher than 60 GB over, the chip keeps its "
    "size") {
  SplitLayout one = layout_split(machine(1, 1), split_area);
  SplitLayout two = layout_split(machine(2, 2), split_area);
  REQUIRE(one.gpus.front().overflowing);
  REQUIRE(two.gpus.front().overflowing);
  CHECK(one.gpus.front().overflow_gb == Approx(200));
  CHECK(two.gpus.front().overflow_gb == Approx(60));
  CHECK(one.px_per_gb == Approx(two.px_per_gb));
  CHECK(one.gpus.front().gauge.height() == Approx(two.gpus.front().gauge.height()));
  const float h200 = one.gpus.front().overflow.height();
  const float h60 = two.gpus.front().overflow.height();
  CHECK(h200 == Approx(h60 * 200 / 60).epsilon(0.01));
  // The whole model on one GPU stands 3.5 chips tall, as wide as the model block.
  const GpuCard& c = one.gpus.front();
  CHECK(c.gauge.y1 - c.overflow.y0 == Approx(3.5 * c.gauge.height()).epsilon(0.01));
  CHECK(one.model.width() == Approx(c.gauge.y1 - c.overflow.y0).epsilon(0.01));
  CHECK(one.chip_ticks.size() == 3);  // 80, 160 and 240 GB along the 280 GB model
  Marks marks = one.marks;
  label_marks(marks, "en");
  CHECK(check_marks(marks).empty());
}

TEST_CASE("the cut's frames: seams open in the model, then each slice travels onto its GPU") {
  const SplitLayout l = layout_split(machine(4, 4), split_area);
  REQUIRE(l.slices.size() == 4);
  SplitCutFrame start = split_cut_frame(l, 0);
  CHECK(start.seams == 0);
  CHECK_FALSE(start.travelling);
  for (std::size_t k = 0; k < 4; ++k)
    CHECK(start.slices[k].rect.x0 == l.slices[k].rect.x0);

  SplitCutFrame cut = split_cut_frame(l, 0.2f);
  CHECK(cut.seams > 0);
  CHECK(cut.seams < 1);

  SplitCutFrame mid = split_cut_frame(l, 0.7f);
  CHECK(mid.travelling);
  for (std::size_t k = 0; k < 4; ++k) {
    INFO("slice " << k);
    const Rect& from = l.slices[k].rect;
    const Rect& to = l.gpus[k].segments.front().rect;
    REQUIRE(l.gpus[k].segments.front().slice == static_cast<std::int64_t>(k));
    const Rect& at = mid.slices[k].rect;
    // Between its place in the model and its place on the GPU, on both edges.
    CHECK(at.y0 > std::min(from.y0, to.y0));
    CHECK(at.y0 < std::max(from.y0, to.y0));
    CHECK(at.x0 >= std::min(from.x0, to.x0));
    CHECK(at.x0 <= std::max(from.x0, to.x0));
  }

  SplitCutFrame end = split_cut_frame(l, 1);
  CHECK(end.seams == 1);
  for (std::size_t k = 0; k < 4; ++k) {
    const Rect& to = l.gpus[k].segments.front().rect;
    CHECK(end.slices[k].rect.x0 == Approx(to.x0));
    CHECK(end.slices[k].rect.y0 == Approx(to.y0));
    CHECK(end.slices[k].rect.x1 == Approx(to.x1));
    CHECK(end.slices[k].rect.y1 == Approx(to.y1));
  }
  CHECK(check_marks(l.marks).empty());
}

namespace {

// The canvas's sizes at 200% text (its fonts capped at 125%), beside the narration of a
// 1024x640 window, under the toolbar's row.
SplitMetrics split_at_200() {
  SplitMetrics m;
  m.text_h = 25;
  m.small_h = 20;
  m.gap = 27.5f;
  m.min_card_w = 26;
  m.max_card_w = 188;
  m.tick = 14;
  return m;
}
const Rect split_small{0, 0, 435, 286};

}  // namespace

TEST_CASE("split: a label inside the model sits above the chip ticks along its foot") {
  SplitLayout l = layout_split(machine(1, 1), split_area);
  REQUIRE_FALSE(l.chip_ticks.empty());
  CHECK_FALSE(l.label_beside);
  CHECK(inside(l.label, l.model));
  CHECK(l.label.y1 <= l.model.y1 - l.tick_h + 0.01f);
  // At 200% text the block is shorter, and the ticks still stay below the label's band.
  SplitLayout big = layout_split(machine(1, 1), split_small, split_at_200());
  CHECK(big.label.height() >= split_at_200().text_h);
  CHECK(big.label.y1 <= big.model.y1 - big.tick_h + 0.01f);
}

TEST_CASE("split: a label beside the model never runs over the block or its ticks") {
  SplitMetrics m = split_at_200();
  m.label_w = 190;  // "⟦Ṁóďéĺ óñé⟧ · 280 GB": wider than the room either side of a centred block
  m.label_h = m.small_h;
  for (int gpus : {1, 2, 4}) {
    SplitLayout l = layout_split(machine(gpus, gpus), split_small, m);
    INFO(gpus << " GPUs");
    CHECK(l.label_beside);
    CHECK_FALSE(overlaps(l.label, l.model));
    CHECK(inside(l.label, split_small));
    for (float x : l.chip_ticks)
      CHECK_FALSE((x >= l.label.x0 && x <= l.label.x1));
    // The block moved aside, not shrank: the same scale as with no label.
    CHECK(l.model.width() ==
          Approx(layout_split(machine(gpus, gpus), split_small, split_at_200()).model.width()));
  }
}

TEST_CASE("split: at 200% text in a small window the chip keeps a readable height") {
  SplitLayout l = layout_split(machine(1, 1), split_small, split_at_200());
  REQUIRE(l.gpus.size() == 1);
  // The 280 GB tower still fits above its 80 GB chip, and the chip is a line of text high or
  // more (it was 21 px of 286 with the full-size gaps).
  CHECK(l.gpus[0].gauge.height() >= split_at_200().text_h);
  CHECK(l.gpus[0].overflow.y0 >= split_small.y0);
  CHECK(inside(l.gpus[0].card, split_small));
}
