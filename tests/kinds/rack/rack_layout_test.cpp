// The rack canvas's layout checked with numbers, no ImGui involved.
#include <catch2/catch.hpp>

#include "../layout_test_support.hpp"
#include "rack/rack_layout.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using namespace lessonsim::ui::testing;

namespace {

RackMachine machine(int servers, const char* cooling, const char* zoom) {
  RackMachine m;
  m.set("budget_kw", 100);
  m.set("servers", servers);
  m.set("cooling", cooling);
  m.set("zoom", zoom);
  return m;
}

const Rect rack_area{0, 0, 900, 560};

}  // namespace

TEST_CASE("eight servers on air: 81.6 of 100 kW, 41.6 kW past the cooling, clock at 49%") {
  RackLayout l = layout_rack(machine(8, "air", "rack"), rack_area);
  REQUIRE(l.slots.size() == 8);
  for (const auto& s : l.slots) {
    CHECK(s.filled);
    CHECK(inside(s.rect, l.cabinet));
  }
  CHECK(l.slots[0].rect.y0 > l.slots[7].rect.y0);  // the rack fills from the bottom
  CHECK(l.power.value == Approx(81.6));
  CHECK(l.power.limit == Approx(100));
  CHECK_FALSE(l.power.over_limit);
  CHECK(l.power.fill.x1 < l.power.limit_x);
  CHECK(l.heat.over_limit);
  CHECK(l.heat.limit == Approx(40));
  CHECK(l.heat.over.x0 == Approx(l.heat.limit_x));
  // Power and heat share one scale: the same 81.6 kW reaches the same x.
  CHECK(l.heat.over.x1 == Approx(l.power.fill.x1));
  CHECK(l.clock.value == Approx(100 * 40 / 81.6));
  CHECK(l.clock.fill.width() == Approx(l.clock.track.width() * 40 / 81.6).epsilon(0.001));
  for (const LimitBar* b : {&l.power, &l.heat, &l.clock})
    CHECK(inside(b->track, rack_area));
}

TEST_CASE("liquid cooling carries the eight servers' heat: no throttling") {
  RackLayout l = layout_rack(machine(8, "liquid", "rack"), rack_area);
  CHECK_FALSE(l.heat.over_limit);
  CHECK(l.clock.value == Approx(100));
  CHECK(l.clock.fill.x1 == Approx(l.clock.track.x1));
}

TEST_CASE("large text in a short picture: the bars drop their second lines, never overlap") {
  RackMetrics big;
  big.text_h = 40;
  big.small_h = 32;
  big.gap = 16;
  const Rect tall{0, 0, 900, 900}, short_area{0, 0, 900, 420};
  RackLayout roomy = layout_rack(machine(8, "air", "rack"), tall, big);
  CHECK(roomy.bar_subs);
  CHECK(roomy.bar_tags);
  RackLayout l = layout_rack(machine(8, "air", "rack"), short_area, big);
  CHECK_FALSE(l.bar_subs);
  const LimitBar* bars[] = {&l.power, &l.heat, &l.clock};
  const float tag_h = l.bar_tags ? big.small_h + 8 : 0;
  for (int k = 0; k < 3; ++k) {
    CHECK(bars[k]->label.y1 <= bars[k]->track.y0 + 0.01f);
    if (k < 2) CHECK(bars[k]->track.y1 + tag_h <= bars[k + 1]->label.y0 + 0.01f);
  }
}

TEST_CASE("two servers: two slots filled of eight") {
  RackLayout l = layout_rack(machine(2, "air", "rack"), rack_area);
  REQUIRE(l.slots.size() == 8);
  CHECK(l.slots[1].filled);
  CHECK_FALSE(l.slots[2].filled);
}

TEST_CASE("a row is 20 racks as cells, a hall 400 cells in 20 rows") {
  RackLayout row = layout_rack(machine(8, "liquid", "row"), rack_area);
  CHECK(row.cells.size() == 20);
  RackLayout hall = layout_rack(machine(8, "liquid", "hall"), rack_area);
  CHECK(hall.cells.size() == 400);
  for (const auto& c : hall.cells)
    CHECK(inside(c, rack_area));
  CHECK(hall.cells[20].y0 > hall.cells[19].y0);
}

TEST_CASE("the site of 100,000 GPUs: 1,563 racks drawn as 4 halls of row bands, no cells") {
  RackLayout l = layout_rack(machine(8, "liquid", "site"), rack_area);
  CHECK(l.cells.empty());
  REQUIRE(l.halls.size() == 4);
  std::size_t bands = 0;
  std::int64_t racks = 0;
  for (const auto& h : l.halls) {
    CHECK(inside(h.rect, rack_area));
    bands += h.bands.size();
    for (const auto& b : h.bands) {
      racks += b.racks;
      CHECK(inside(b.fill, b.rect));
    }
  }
  CHECK(bands == 79);
  CHECK(racks == 1563);
  CHECK(l.halls[0].fill_fraction == Approx(1.0));
  CHECK(l.halls[3].rows == 19);
  // The last row holds 3 racks of 20: its fill is 3/20 of the band.
  const RowBand& last = l.halls[3].bands.back();
  CHECK(last.racks == 3);
  CHECK(last.fill.width() == Approx(last.rect.width() * 3 / 20));
}

TEST_CASE("zoomed out, the nearer level's draw and the view's on the view's own power scale") {
  for (const char* zoom : {"row", "hall", "site"}) {
    CAPTURE(zoom);
    const RackMachine m = machine(8, "liquid", zoom);
    RackLayout l = layout_rack(m, rack_area);
    REQUIRE(l.marks.size() == 2);
    const auto near = static_cast<RackMachine::Zoom>(static_cast<int>(m.zoom()) - 1);
    CHECK(l.marks[0].quantity == "power");
    CHECK(l.marks[0].value == Approx(static_cast<double>(m.level_watts(near))));
    CHECK(l.marks[1].value == Approx(static_cast<double>(m.view_watts())));
    CHECK(l.marks[1].value > l.marks[0].value);  // zooming out, the watts rise
    CHECK(l.marks[0].view == zoom);
    CHECK(l.marks[1].view == zoom);
    CHECK_FALSE(l.marks[1].broken);
    CHECK(l.marks[1].length() == Approx(l.power_tracks[1].width()));
    CHECK(check_marks(l.marks, {}, true).empty());
    // The power rows sit under the picture, clear of it.
    for (const auto& c : l.cells)
      CHECK(c.y1 <= l.power_labels[0].y0);
    for (const auto& h : l.halls)
      CHECK(h.rect.y1 <= l.power_labels[0].y0);
    CHECK(inside(l.power_tracks[1], rack_area));
  }
  // A row holds 20 racks: its draw is 20 racks' draw.
  RackLayout row = layout_rack(machine(8, "liquid", "row"), rack_area);
  CHECK(row.marks[1].length() == Approx(20 * row.marks[0].length()).epsilon(0.01));
}

TEST_CASE("an empty rack zoomed out has no site to draw") {
  RackLayout l = layout_rack(machine(0, "air", "site"), rack_area);
  CHECK(l.empty);
  CHECK(l.halls.empty());
}
