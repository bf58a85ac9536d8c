// The rack zoom's frames checked with numbers: where the rack sits in its row, and the ends.
#include <catch2/catch.hpp>

#include "rack/rack_zoom_layout.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;

namespace {

RackMachine machine(const char* zoom) {
  RackMachine m;
  m.set("budget_kw", 100);
  m.set("servers", 8);
  m.set("cooling", "air");
  m.set("zoom", zoom);
  return m;
}

const Rect rack_zoom_area{0, 0, 900, 560};

void same(const Rect& a, const Rect& b) {
  CHECK(a.x0 == Approx(b.x0).margin(0.05));
  CHECK(a.y0 == Approx(b.y0).margin(0.05));
  CHECK(a.x1 == Approx(b.x1).margin(0.05));
  CHECK(a.y1 == Approx(b.y1).margin(0.05));
}

}  // namespace

TEST_CASE("zooming out, the rack fills the picture, shrinks into its row's first cell, then goes") {
  const RackMachine rack = machine("rack"), row = machine("row");
  const RackLayout still_rack = layout_rack(rack, rack_zoom_area);
  const RackLayout still_row = layout_rack(row, rack_zoom_area);

  RackZoomFrame start = rack_zoom_frame(rack, row, rack_zoom_area, 0);
  same(start.near_rect, start.body);
  CHECK(start.near_alpha == 1);
  same(start.near.cabinet, still_rack.cabinet);
  REQUIRE(start.marks.size() == still_rack.marks.size());
  for (std::size_t k = 0; k < start.marks.size(); ++k)
    same(start.marks[k].rect, still_rack.marks[k].rect);
  CHECK(start.zoom > 10);  // the row is seen so close that one cell fills the picture

  RackZoomFrame mid = rack_zoom_frame(rack, row, rack_zoom_area, 0.5f);
  CHECK(mid.near_rect.width() < start.near_rect.width());
  CHECK(mid.zoom > 1);
  CHECK(mid.zoom < start.zoom);
  CHECK(check_marks(mid.marks, {}, true).empty());
  // The camera keeps the first cell's place: the rack is always drawn where its cell is.
  const Rect cell = mid.far.cells.front();
  CHECK(mid.near_rect.x0 >= cell.x0 - 0.5f);
  CHECK(mid.near_rect.x1 <= cell.x1 + 0.5f);

  RackZoomFrame end = rack_zoom_frame(rack, row, rack_zoom_area, 1);
  CHECK(end.zoom == Approx(1));
  CHECK(end.near_alpha == 0);
  REQUIRE(end.marks.size() == still_row.marks.size());  // the rack's bars gone, the row's drawn
  for (std::size_t k = 0; k < end.marks.size(); ++k)
    same(end.marks[k].rect, still_row.marks[k].rect);
  REQUIRE(end.far.cells.size() == still_row.cells.size());
  for (std::size_t k = 0; k < end.far.cells.size(); ++k)
    same(end.far.cells[k], still_row.cells[k]);
  const Rect home = still_row.cells.front();
  CHECK(end.near_rect.x0 >= home.x0 - 0.05f);
  CHECK(end.near_rect.x1 <= home.x1 + 0.05f);
  CHECK(end.near_rect.width() == Approx(home.width()).margin(0.05));
}

TEST_CASE("zooming in from the row, the first cell grows into the rack's still picture") {
  const RackMachine rack = machine("rack"), row = machine("row");
  const RackLayout still_rack = layout_rack(rack, rack_zoom_area);
  RackZoomFrame start = rack_zoom_frame(row, rack, rack_zoom_area, 0);
  CHECK(start.near_alpha == 0);
  CHECK(start.zoom == Approx(1));
  RackZoomFrame end = rack_zoom_frame(row, rack, rack_zoom_area, 1);
  same(end.near_rect, end.body);
  CHECK(end.near_alpha == 1);
  same(end.near.cabinet, still_rack.cabinet);
  same(end.near.power.fill, still_rack.power.fill);
  CHECK(check_marks(end.marks, {}, true).empty());
  REQUIRE(end.marks.size() == still_rack.marks.size());
  for (float t : {0.1f, 0.3f, 0.6f, 0.9f}) {
    INFO("t = " << t);
    CHECK(check_marks(rack_zoom_frame(row, rack, rack_zoom_area, t).marks, {}, true).empty());
  }
}

TEST_CASE("from a hall out to the site: the hall shrinks into the site's first hall") {
  const RackMachine hall = machine("hall"), site = machine("site");
  const RackLayout still_site = layout_rack(site, rack_zoom_area);
  REQUIRE(still_site.halls.size() > 1);
  RackZoomFrame mid = rack_zoom_frame(hall, site, rack_zoom_area, 0.5f);
  const Rect first = mid.far.halls.front().rect;
  CHECK(mid.near_rect.x0 >= first.x0 - 0.5f);
  CHECK(mid.near_rect.x1 <= first.x1 + 0.5f);
  RackZoomFrame end = rack_zoom_frame(hall, site, rack_zoom_area, 1);
  REQUIRE(end.far.halls.size() == still_site.halls.size());
  for (std::size_t k = 0; k < still_site.halls.size(); ++k)
    same(end.far.halls[k].rect, still_site.halls[k].rect);
}

TEST_CASE("the nearer level's place in the farther: a rack in a row, a row in a hall") {
  const RackLayout row = layout_rack(machine("row"), rack_zoom_area);
  same(part_in_view(row, RackMachine::Zoom::rack, 20), row.cells.front());
  const RackLayout site = layout_rack(machine("site"), rack_zoom_area);
  same(part_in_view(site, RackMachine::Zoom::hall, 20), site.halls.front().rect);
}

TEST_CASE("the farther level is drawn only where the nearer one's opaque panel leaves it in view") {
  const RackMachine hall = machine("hall"), site = machine("site");
  auto area_of = [](const std::vector<Rect>& rs) {
    double a = 0;
    for (const Rect& r : rs)
      a += static_cast<double>(r.width()) * r.height();
    return a;
  };
  // Whole-body frame: the nearer level covers it all, so the farther is not drawn but for the
  // pixel-wide edges under the nearer level's panel.
  RackZoomFrame start = rack_zoom_frame(hall, site, rack_zoom_area, 0);
  REQUIRE(start.near_alpha == 1);
  const double body = static_cast<double>(start.body.width()) * start.body.height();
  CHECK(area_of(start.far_clips) < body * 0.02);
  for (float t : {0.05f, 0.15f, 0.25f}) {
    INFO("t = " << t);
    RackZoomFrame f = rack_zoom_frame(hall, site, rack_zoom_area, t);
    REQUIRE(f.near_alpha == 1);
    const Rect& n = f.near_rect;
    const double hole = static_cast<double>(n.width()) * n.height();
    // The strips tile the body less the panel, each reaching at most two pixels under it.
    CHECK(area_of(f.far_clips) < body - hole + 2 * 2 * (n.width() + n.height()));
    CHECK(area_of(f.far_clips) > body - hole);
    for (std::size_t a = 0; a < f.far_clips.size(); ++a) {
      const Rect& c = f.far_clips[a];
      CHECK(c.x0 >= f.body.x0);
      CHECK(c.x1 <= f.body.x1);
      CHECK(c.y0 >= f.body.y0);
      CHECK(c.y1 <= f.body.y1);
      for (std::size_t b = a + 1; b < f.far_clips.size(); ++b) {
        const Rect& d = f.far_clips[b];
        const bool apart = c.x1 <= d.x0 || d.x1 <= c.x0 || c.y1 <= d.y0 || d.y1 <= c.y0;
        CHECK(apart);
      }
    }
  }
  // Fading, the nearer level shows the farther through it: the farther is drawn whole.
  RackZoomFrame fading = rack_zoom_frame(hall, site, rack_zoom_area, 0.6f);
  REQUIRE(fading.near_alpha > 0);
  REQUIRE(fading.near_alpha < 1);
  REQUIRE(fading.far_clips.size() == 1);
  same(fading.far_clips.front(), fading.body);
}
