// A step's `point`: the mark drawing the pointed variable is found by quantity, unit and value,
// the lesson screen finds it on a format-3 step that points at a variable, and the ring's tag
// goes where it covers no text and no other mark.
#include <catch2/catch.hpp>

#include "../support/format3_fixture.hpp"
#include "imgui_harness.hpp"
#include "lessonsim/loader.hpp"
#include "point_ring.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using lessonsim::ui::testing::ImGuiHarness;

namespace {

Mark mark(std::string quantity, std::string unit, double value, bool broken = false) {
  Mark m;
  m.quantity = std::move(quantity);
  m.unit = std::move(unit);
  m.value = value;
  m.rect = {0, 0, 10, 10};
  m.broken = broken;
  return m;
}

}  // namespace

TEST_CASE("point: the mark of a variable's quantity, in its unit, at its value") {
  Marks marks = {mark("memory", "B", 280e9), mark("memory", "B", 80e9),
                 mark("power", "W", 40800),  mark("time", "s", 2 * 86400),
                 mark("count", "GPU", 28),   mark("money", "USD", 1.5e6)};
  CHECK(pointed_mark(marks, "GB", 80) == &marks[1]);
  CHECK(pointed_mark(marks, "kW", 40.8) == &marks[2]);
  CHECK(pointed_mark(marks, "days", 2) == &marks[3]);
  CHECK(pointed_mark(marks, "GPU", 28) == &marks[4]);
  CHECK(pointed_mark(marks, "USD", 1.5e6) == &marks[5]);
  CHECK(pointed_mark(marks, "GB", 81) == nullptr);     // no mark draws that value
  CHECK(pointed_mark(marks, "kW", 80) == nullptr);     // 80 of a power is not 80 GB
  CHECK(pointed_mark(marks, "racks", 28) == nullptr);  // a count of something else
  Marks broken = {mark("memory", "B", 80e9, true), mark("memory", "B", 80e9)};
  CHECK(pointed_mark(broken, "GB", 80) == &broken[1]);  // the one drawn to scale
}

TEST_CASE("point: the lesson screen finds the pointed mark on a format-3 narrate step") {
  ImGuiHarness imgui;
  LessonScreen screen(test::format3_lesson(), "en", true);
  Picture picture;
  screen.record_picture(&picture);
  const Marks& marks = picture.marks;
  imgui.frame(screen);
  imgui.frame(screen);
  REQUIRE_FALSE(marks.empty());  // the narrate step draws its machine
  const Mark* ringed = step_pointed_mark(screen.engine(), marks);
  REQUIRE(ringed);
  CHECK(ringed->value == 80e9);
  CHECK(ringed->label == "80 GB");
  // A step without `point` rings nothing.
  screen.apply(Action::make("next"));
  screen.apply(Action::make("next"));
  imgui.frame(screen);
  CHECK(step_pointed_mark(screen.engine(), marks) == nullptr);
}

TEST_CASE("point ring: its label goes where it covers no text, above first") {
  const Rect ring{100, 100, 200, 130};
  const Rect bounds{0, 0, 400, 300};
  Rect above = place_ring_label(ring, 60, 20, 4, bounds, {});
  CHECK(above.y1 <= ring.y0);
  CHECK(above.x0 == Approx(ring.x0));
  // A title over the ring's left: the label moves to the right end above it.
  const Rect title{90, 70, 150, 95};
  Rect right_end = place_ring_label(ring, 40, 20, 4, bounds, {title});
  CHECK(right_end.y1 <= ring.y0);
  CHECK(right_end.x0 >= title.x1);
  // Text all along above: below the ring.
  const Rect caption{0, 60, 400, 98};
  Rect below = place_ring_label(ring, 60, 20, 4, bounds, {caption});
  CHECK(below.y0 >= ring.y1);
  // Text above and below: beside the ring.
  const Rect under{0, 131, 400, 170};
  Rect beside = place_ring_label(ring, 60, 20, 4, bounds, {caption, under});
  CHECK((beside.x0 >= ring.x1 || beside.x1 <= ring.x0));
  // At the window's top the label stays inside the window.
  Rect top = place_ring_label({100, 2, 200, 30}, 60, 20, 4, bounds, {});
  CHECK(top.y0 >= bounds.y0);
}

TEST_CASE("point ring: past text and marks all round, the label goes further out that way") {
  const Rect ring{100, 100, 200, 130};
  const Rect bounds{0, 0, 400, 300};
  // Bars just above, below and on either side: the first free place is further up.
  const std::vector<Rect> bars = {
      {0, 70, 400, 98}, {0, 132, 400, 160}, {40, 100, 98, 130}, {202, 100, 400, 130}};
  Rect up = place_ring_label(ring, 60, 20, 4, bounds, bars);
  CHECK(up.y1 <= 70);
  CHECK(up.x0 == Approx(ring.x0));
  // Nothing free above within the bounds: further down, under the lower bar.
  const std::vector<Rect> roofed = {{0, 0, 400, 98}, bars[1], bars[2], bars[3]};
  Rect down = place_ring_label(ring, 60, 20, 4, bounds, roofed);
  CHECK(down.y0 >= 160);
  CHECK(down.y1 <= bounds.y1);
  // Near the right edge the label shifts left to stay inside, off the ring.
  Rect edge = place_ring_label({350, 100, 398, 130}, 60, 20, 4, bounds, {});
  CHECK(edge.x1 <= bounds.x1);
  CHECK(edge.y1 <= 100);
}

TEST_CASE("point ring: on the shipped lessons its tag covers no other mark", "[ui]") {
  // Plan a cluster's brief points at the cluster's power, between the deadline and budget bars.
  for (const char* locale : {"en", "es", "pt-BR"}) {
    INFO(locale);
    ImGuiHarness imgui;
    Diagnostics diags("plan-a-cluster.json");
    auto lesson =
        load_lesson_file(std::string(LESSONSIM_SOURCE_DIR) + "/lessons/plan-a-cluster.json", diags);
    REQUIRE(lesson);
    LessonScreen screen(lesson, locale, true);
    Picture picture;
    screen.record_picture(&picture);
    const Marks& marks = picture.marks;
    imgui.frame(screen);
    imgui.frame(screen);
    const Mark* ringed = step_pointed_mark(screen.engine(), marks);
    REQUIRE(ringed);
    auto tag = screen.target("point_tag");
    auto canvas = screen.target("canvas");
    REQUIRE(tag);
    REQUIRE(canvas);
    CHECK(tag->x0 >= canvas->x0);
    CHECK(tag->x1 <= canvas->x1);
    CHECK(tag->y0 >= canvas->y0);
    CHECK(tag->y1 <= canvas->y1);
    for (const Mark& m : marks) {
      // The ringed mark and its copies (the same bar recorded twice) are not other marks.
      if (m.rect.x0 == ringed->rect.x0 && m.rect.y0 == ringed->rect.y0 &&
          m.rect.x1 == ringed->rect.x1 && m.rect.y1 == ringed->rect.y1) {
        continue;
      }
      INFO(m.label);
      const bool apart = tag->x1 <= m.rect.x0 || m.rect.x1 <= tag->x0 || tag->y1 <= m.rect.y0 ||
                         m.rect.y1 <= tag->y0;
      CHECK(apart);
    }
  }
}
