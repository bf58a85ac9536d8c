// The sort canvas: rows as tall as their names, squeezed when short, and its slots clicked.
#include <catch2/catch.hpp>

#include <filesystem>

#include "../../ui/imgui_harness.hpp"
#include "../layout_test_support.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/messages.hpp"
#include "sort/sort_layout.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using namespace lessonsim::ui::testing;
using lessonsim::ui::testing::ImGuiHarness;

TEST_CASE("sort: nine rows, two bin columns on the right, a feedback line adds height") {
  std::array<bool, sort_item_count> extra{};
  extra[3] = true;
  SortMetrics m;
  auto two_lines = [&](std::size_t, float) { return 2 * m.small_h; };
  SortLayout l = layout_sort(Rect{0, 0, 700, 600}, two_lines, extra, m);
  CHECK(l.fits);
  CHECK(l.header_network.x1 == Approx(700));
  CHECK(l.header_datacenter.x1 < l.header_network.x0);
  float plain = 2 * m.small_h + 2 * m.pad;
  CHECK(l.rows[0].row.height() == Approx(plain));
  CHECK(l.rows[3].row.height() == Approx(plain + m.small_h));
  for (std::size_t k = 1; k < sort_item_count; ++k)
    CHECK(l.rows[k].row.y0 == Approx(l.rows[k - 1].row.y1));
  for (const auto& r : l.rows) {
    CHECK(r.text.x1 < r.datacenter.x0);
    CHECK(r.datacenter.height() == Approx(m.button_h));
  }
}

TEST_CASE("sort: each bin's jobs are a bar on one count scale under its heading") {
  std::array<bool, sort_item_count> extra{};
  auto line = [](std::size_t, float) { return 16.0f; };
  SortLayout l = layout_sort(Rect{0, 0, 700, 600}, line, extra);
  Marks marks = sort_marks(l, 3, 6);
  REQUIRE(marks.size() == 2);
  CHECK(marks[0].quantity == "count");
  CHECK(marks[0].value == 3);
  CHECK(marks[1].value == 6);
  CHECK(marks[1].length() == Approx(2 * marks[0].length()));
  CHECK(check_marks(marks).empty());
  CHECK(marks[0].rect.x0 == Approx(l.track_datacenter.x0));
  CHECK(marks[1].rect.x0 == Approx(l.track_network.x0));
  // All nine jobs in one bin fill its track, and the bars sit above the first row.
  CHECK(sort_marks(l, 9, 0)[0].length() <= l.track_datacenter.width() + 0.01f);
  CHECK(l.track_datacenter.y1 <= l.rows[0].row.y0);
  CHECK(l.track_datacenter.y0 >= l.header_datacenter.y0);
}

TEST_CASE("sort: too narrow for names beside the buttons, each name sits above its two") {
  std::array<bool, sort_item_count> extra{};
  SortMetrics m;
  m.slot_w = 150;  // large text: the buttons' labels are wide
  auto line = [&](std::size_t, float width) { return width < 300 ? 4 * m.small_h : m.small_h; };
  const Rect narrow{0, 0, 380, 600};
  REQUIRE(sort_stacked(narrow, m));
  SortLayout l = layout_sort(narrow, line, extra, m);
  CHECK(l.stacked);
  CHECK(l.fits);
  for (const auto& r : l.rows) {
    CHECK(r.text.width() > narrow.width() * 0.9f);  // the name keeps the whole width
    CHECK(r.text.y1 <= r.datacenter.y0 + 0.01f);
    CHECK(r.datacenter.x1 < r.network.x0);
    CHECK(r.network.x1 <= narrow.x1 + 0.01f);
    CHECK(r.datacenter.y1 <= r.row.y1 + 0.01f);
  }
  CHECK_FALSE(sort_stacked(Rect{0, 0, 700, 600}, SortMetrics{}));
}

TEST_CASE("sort: a short area squeezes the rows to fit and says so") {
  std::array<bool, sort_item_count> extra{};
  auto tall = [](std::size_t, float) { return 80.0f; };
  SortLayout l = layout_sort(Rect{0, 0, 500, 300}, tall, extra);
  CHECK_FALSE(l.fits);
  CHECK(l.rows.back().row.y1 <= 300.01f);
}

TEST_CASE("sort: clicking a slot places a job, clicking it again takes it back") {
  auto lesson = shipped_lesson("decentralized.json");
  ImGuiHarness imgui;
  LessonScreen screen(lesson, "en", true);
  go_to_step(screen, *lesson, "sort");
  imgui.frame(screen);
  imgui.click(screen, target_of(screen, "to_network4"));
  CHECK(screen.applied().back().to_json() == Action::with("to_network", "n", 4).to_json());
  CHECK(screen.engine().value("in_network") == 1);
  imgui.click(screen, target_of(screen, "unplace4"));
  CHECK(screen.applied().back().op == "unplace");
  CHECK(screen.engine().value("placed") == 0);
  imgui.click(screen, target_of(screen, "to_datacenter0"));
  CHECK(screen.engine().value("in_datacenter") == 1);
}

// Issue 16: every button read "Here"; each must say where it sends the job.
TEST_CASE("sort: each slot's button names where it sends the job, in every language") {
  auto lesson = shipped_lesson("decentralized.json");
  ImGuiHarness imgui;
  for (const char* locale : {"es", "en", "pt-BR"}) {
    INFO(locale);
    LessonScreen screen(lesson, locale, true);
    go_to_step(screen, *lesson, "sort");
    auto count = [&](const char* id) {
      const std::string drawn = imgui.frame_text(screen);
      const std::string label = ImGuiHarness::as_drawn(phrase(locale, id));
      std::size_t n = 0;
      for (auto at = drawn.find(label); at != std::string::npos; at = drawn.find(label, at + 1))
        ++n;
      return n;
    };
    CHECK(count("canvas.sort.to_datacenter") == sort_item_count);
    CHECK(count("canvas.sort.to_network") == sort_item_count);
    // A job in the network: its datacenter button still says where it would go.
    imgui.click(screen, target_of(screen, "to_network4"));
    CHECK(count("canvas.sort.to_datacenter") == sort_item_count);
    CHECK(count("canvas.sort.to_network") == sort_item_count - 1);
  }
}

TEST_CASE("sort: a little short of room, the padding goes before the text is squeezed") {
  std::array<bool, sort_item_count> extra{};
  SortMetrics m;
  auto two_lines = [&](std::size_t, float) { return 2 * m.small_h; };
  float header = m.header_h + m.pad + m.bar_h;
  float content = 9 * 2 * m.small_h;
  SortLayout l = layout_sort(Rect{0, 0, 700, header + m.pad + content + 9}, two_lines, extra, m);
  CHECK(l.fits);
  for (const auto& r : l.rows) {
    CHECK(r.row.height() == Approx(2 * m.small_h + 1));
    CHECK(r.text.height() == Approx(2 * m.small_h));
  }
}
