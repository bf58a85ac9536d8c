// The formula canvas's layout checked with numbers, no ImGui involved: own-or-rent's picture at
// several moments of the lesson, held to the to-scale rules.
#include <catch2/catch.hpp>

#include "formula/formula_layout.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using Kind = PictureItem::Kind;

namespace {

std::shared_ptr<const Lesson> own_or_rent() {
  Diagnostics d("own-or-rent.json");
  auto lesson =
      load_lesson_file(std::string(LESSONSIM_SOURCE_DIR) + "/lessons/own-or-rent.json", d);
  REQUIRE(lesson);
  return lesson;
}

struct Picture {
  std::unique_ptr<Machine> machine;
  std::vector<double> values;
  FormulaLayout layout;
  const FormulaItemLayout& item(Kind k) const {
    for (const auto& i : layout.items) {
      if (i.kind == k) return i;
    }
    FAIL("no item");
    return layout.items.front();
  }
  double value(const std::string& name) const {
    const auto& vars = machine->spec().variables;
    for (std::size_t k = 0; k < vars.size(); ++k) {
      if (vars[k].name == name) return values[k];
    }
    FAIL("no variable " << name);
    return 0;
  }
};

const Rect area{0, 0, 760, 560};

Picture picture(const Lesson& lesson, nlohmann::json settings) {
  Picture p{lesson.machine->clone(), {}, {}};
  for (const auto& [k, v] : settings.items())
    REQUIRE(p.machine->set(k, v).empty());
  p.machine->values(p.values);
  const auto& def = static_cast<const FormulaMachine&>(*p.machine).def();
  p.layout = layout_formula(def, p.values, area);
  return p;
}

bool inside(const Rect& inner, const Rect& outer) {
  return inner.x0 >= outer.x0 - 0.01f && inner.x1 <= outer.x1 + 0.01f &&
         inner.y0 >= outer.y0 - 0.01f && inner.y1 <= outer.y1 + 0.01f;
}

}  // namespace

TEST_CASE("formula layout: own-or-rent at month 12 is to scale, owning still dearer") {
  auto lesson = own_or_rent();
  Picture p = picture(*lesson, {{"month", 12}});
  CHECK(check_marks(p.layout.marks).empty());
  REQUIRE(p.layout.items.size() == 5);
  const auto& bars = p.item(Kind::bars);
  REQUIRE(bars.bars.size() == 2);
  // The money scale: the axis (1.2 M USD) fills the track, so 300,000 is a quarter of it.
  const float track = bars.tracks[0].width();
  CHECK(bars.bars[1].rect.width() == Approx(track * p.value("own_total_usd") / 1.2e6));
  CHECK(bars.bars[0].rect.width() < bars.bars[1].rect.width());
  // The stack of owning's parts is on the same scale as the bars.
  const auto& stack = p.item(Kind::stack);
  CHECK(stack.bars[0].rect.width() == Approx(track * 300000 / 1.2e6));
  CHECK(stack.bars[1].rect.x0 == Approx(stack.bars[0].rect.x1));
  CHECK(stack.over_limit);  // owning has cost more than renting so far
  CHECK(stack.has_line);
  CHECK(stack.bars[0].over.width() > 0);
  for (const auto& item : p.layout.items)
    CHECK(inside(item.title, area));
}

TEST_CASE("formula layout: past the break-even, owning is within the rent line") {
  auto lesson = own_or_rent();
  Picture p = picture(*lesson, {{"month", 40}});
  CHECK(check_marks(p.layout.marks).empty());
  const auto& stack = p.item(Kind::stack);
  CHECK_FALSE(stack.over_limit);
  for (const auto& b : stack.bars)
    CHECK(b.over.width() == 0);
  const auto& timeline = p.item(Kind::timeline);
  // 40 of 72 months filled; the useful-life marker at month 60 on the same axis.
  const Rect& t = timeline.tracks[0];
  CHECK(timeline.bars[0].rect.width() == Approx(t.width() * 40 / 72));
  CHECK(timeline.line_x == Approx(t.x0 + t.width() * 60 / 72));
  CHECK_FALSE(timeline.line_beyond);
}

TEST_CASE("formula layout: a bill longer than the axis is cut with its number, not clamped") {
  auto lesson = own_or_rent();
  Picture p = picture(*lesson, {{"month", 72}, {"rent_usd_per_gpu_hour", 4}});
  CHECK(p.value("rent_total_usd") > 1.2e6);
  const auto& bars = p.item(Kind::bars);
  CHECK(bars.bars[0].broken);
  CHECK(bars.bars[0].rect.x1 == Approx(bars.tracks[0].x1));
  CHECK_FALSE(bars.bars[1].broken);
  // The stack's rent line falls past the track: drawn at its end, said as beyond.
  CHECK(p.item(Kind::stack).line_beyond);
  Marks marks = p.layout.marks;
  label_marks(marks, "en");
  CHECK(check_marks(marks).empty());
}

TEST_CASE("formula layout: chips warn by hatching and words when the room is too hot") {
  auto lesson = own_or_rent();
  Picture cool = picture(*lesson, {});
  Picture hot = picture(*lesson, {{"cooling_kw", 8}});
  CHECK(cool.item(Kind::chips).chips.size() == 8);
  CHECK_FALSE(cool.item(Kind::chips).warn);
  CHECK(hot.item(Kind::chips).warn);
  CHECK(hot.item(Kind::counters).tiles.size() == 5);
  // A narrow canvas: the chips that do not fit are counted, not dropped silently.
  const auto& def = static_cast<const FormulaMachine&>(*hot.machine).def();
  FormulaLayout narrow = layout_formula(def, hot.values, {0, 0, 150, 560});
  const auto& chips = narrow.items[3];
  REQUIRE(chips.kind == Kind::chips);
  CHECK(static_cast<double>(chips.chips.size()) + chips.hidden_chips == 8);
  CHECK(chips.hidden_chips > 0);
}

TEST_CASE("formula layout: units map to the project's scales") {
  CHECK(scale_for_unit("USD", 1).quantity == "money");
  CHECK(scale_for_unit("GB", 1).quantity == "memory");
  CHECK(scale_for_unit("GB", 1).base_per_shown == 1e9);
  CHECK(scale_for_unit("kW", 1).quantity == "power");
  CHECK(scale_for_unit("h", 1).quantity == "time");
  CHECK(scale_for_unit("month", 1).quantity == "month");
}
