// The sort canvas: rows as tall as their names, squeezed when short, and its slots clicked.
#include <catch2/catch.hpp>

#include <filesystem>

#include "../../ui/imgui_harness.hpp"
#include "lessonsim/loader.hpp"
#include "sort/sort_layout.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using lessonsim::ui::testing::ImGuiHarness;

namespace {

std::shared_ptr<const Lesson> shipped_lesson(const char* name) {
  Diagnostics diags(name);
  auto lesson = load_lesson_file(
      std::filesystem::path(LESSONSIM_SOURCE_DIR) / "lessons" / (std::string(name) + ".json"),
      diags);
  REQUIRE(lesson);
  return lesson;
}

void go_to_step(LessonScreen& screen, const Lesson& lesson, const std::string& step) {
  for (const auto& a : lesson.playthroughs.at(0).actions) {
    if (screen.engine().step().id == step) break;
    screen.apply(a);
  }
  REQUIRE(screen.engine().step().id == step);
}

Rect target_of(const LessonScreen& screen, const std::string& name) {
  auto r = screen.target(name);
  INFO("click target " << name);
  REQUIRE(r.has_value());
  return *r;
}

}  // namespace

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

TEST_CASE("sort: a short area squeezes the rows to fit and says so") {
  std::array<bool, sort_item_count> extra{};
  auto tall = [](std::size_t, float) { return 80.0f; };
  SortLayout l = layout_sort(Rect{0, 0, 500, 300}, tall, extra);
  CHECK_FALSE(l.fits);
  CHECK(l.rows.back().row.y1 <= 300.01f);
}

TEST_CASE("sort: clicking a slot places a job, clicking it again takes it back") {
  auto lesson = shipped_lesson("decentralized");
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

TEST_CASE("sort: a little short of room, the padding goes before the text is squeezed") {
  std::array<bool, sort_item_count> extra{};
  SortMetrics m;
  auto two_lines = [&](std::size_t, float) { return 2 * m.small_h; };
  float header = m.header_h + m.pad;
  float content = 9 * 2 * m.small_h;
  SortLayout l = layout_sort(Rect{0, 0, 700, header + m.pad + content + 9}, two_lines, extra, m);
  CHECK(l.fits);
  for (const auto& r : l.rows) {
    CHECK(r.row.height() == Approx(2 * m.small_h + 1));
    CHECK(r.text.height() == Approx(2 * m.small_h));
  }
}
