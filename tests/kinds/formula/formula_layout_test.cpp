// The formula canvas's layout checked with numbers, no ImGui involved: own-or-rent's picture at
// several moments of the lesson, held to the to-scale rules.
#include <catch2/catch.hpp>

#include "../layout_test_support.hpp"
#include "formula/formula_layout.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using namespace lessonsim::ui::testing;
using Kind = PictureItem::Kind;

namespace {

struct FormulaShot {
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

const Rect formula_area{0, 0, 760, 560};

FormulaShot picture(const Lesson& lesson, nlohmann::json settings, Rect area = formula_area,
                const FormulaMetrics& metrics = {}) {
  FormulaShot p{lesson.machine->clone(), {}, {}};
  for (const auto& [k, v] : settings.items())
    REQUIRE(p.machine->set(k, v).empty());
  p.machine->values(p.values);
  const auto& def = static_cast<const FormulaMachine&>(*p.machine).def();
  p.layout = layout_formula(def, p.values, area, metrics);
  return p;
}

}  // namespace

TEST_CASE("formula layout: own-or-rent at month 12 is to scale, owning still dearer") {
  auto lesson = shipped_lesson("own-or-rent.json");
  FormulaShot p = picture(*lesson, {{"month", 12}});
  CHECK(check_marks(p.layout.marks, {}, true).empty());
  REQUIRE(p.layout.items.size() == 5);
  const auto& bars = p.item(Kind::bars);
  REQUIRE(bars.bars.size() == 2);
  // The money scale: the axis (1.2 M USD) fills the track, so 300,000 is a quarter of it.
  const float track = bars.tracks[0].width();
  CHECK(bars.bars[1].rect.width() == Approx(track * p.value("own_total_usd") / 1.2e6));
  CHECK(bars.bars[0].rect.width() < bars.bars[1].rect.width());
  // The stack of owning's parts is on the same scale as the bars, and ends where owning's bar
  // does. It draws no rent line: that is the first bar, and across the stack it cut through the
  // purchase's label.
  const auto& stack = p.item(Kind::stack);
  CHECK(stack.bars[0].rect.width() == Approx(track * 300000 / 1.2e6));
  CHECK(stack.bars[1].rect.x0 == Approx(stack.bars[0].rect.x1));
  CHECK(stack.bars[1].rect.x1 == Approx(bars.bars[1].rect.x1));
  CHECK_FALSE(stack.has_line);
  CHECK_FALSE(stack.over_limit);
  CHECK(stack.bars[0].over.width() == 0);
  for (const auto& item : p.layout.items)
    CHECK(inside(item.title, formula_area));
}

TEST_CASE("formula layout: past the break-even, owning's bar is the shorter one") {
  auto lesson = shipped_lesson("own-or-rent.json");
  FormulaShot p = picture(*lesson, {{"month", 40}});
  CHECK(check_marks(p.layout.marks, {}, true).empty());
  const auto& bars = p.item(Kind::bars);
  CHECK(bars.bars[1].rect.width() < bars.bars[0].rect.width());
  const auto& stack = p.item(Kind::stack);
  CHECK(stack.bars[1].rect.x1 == Approx(bars.bars[1].rect.x1));
  const auto& timeline = p.item(Kind::timeline);
  // 40 of 72 months filled; the useful-life marker at month 60 on the same axis.
  const Rect& t = timeline.tracks[0];
  CHECK(timeline.bars[0].rect.width() == Approx(t.width() * 40 / 72));
  CHECK(timeline.line_x == Approx(t.x0 + t.width() * 60 / 72));
  CHECK_FALSE(timeline.line_beyond);
}

TEST_CASE("formula layout: a bill longer than the axis is cut with its number, not clamped") {
  auto lesson = shipped_lesson("own-or-rent.json");
  FormulaShot p = picture(*lesson, {{"month", 72}, {"rent_usd_per_gpu_hour", 4}});
  CHECK(p.value("rent_total_usd") > 1.2e6);
  const auto& bars = p.item(Kind::bars);
  CHECK(bars.bars[0].broken);
  CHECK(bars.bars[0].rect.x1 == Approx(bars.tracks[0].x1));
  CHECK_FALSE(bars.bars[1].broken);
  Marks marks = p.layout.marks;
  label_marks(marks, "en");
  CHECK(check_marks(marks, {}, true).empty());
}

TEST_CASE("formula layout: a stack against a limit marks the part past it and a line beyond") {
  // own-or-rent's stack no longer draws a limit, so the limit line is held here on a small
  // picture of its own: a purchase and a running cost against what renting has cost.
  const char* text = R"({
    "format": 2, "id": "stack-limit", "version": "1.0.0", "locales": ["en"],
    "title": {"en": "Stack"},
    "machine": {"kind": "formula",
      "settings": [{"name": "rent_usd", "type": "integer", "min": 0, "max": 3000000,
                    "default": 100000, "unit": "USD"}],
      "variables": [{"name": "buy_usd", "is": "300000", "unit": "USD"},
                    {"name": "run_usd", "is": "50000", "unit": "USD"},
                    {"name": "axis_usd", "is": "1200000", "unit": "USD"}],
      "actions": [{"name": "set_rent", "set": "rent_usd", "text": {"en": "rent"}}],
      "picture": [{"draw": "stack", "title": {"en": "Owning"},
                   "parts": [{"value": "buy_usd", "label": {"en": "buy"}},
                             {"value": "run_usd", "label": {"en": "run"}}],
                   "limit": "rent_usd", "limit_label": {"en": "rent"}, "full": "axis_usd"}]},
    "steps": [{"id": "s", "kind": "summary", "key_idea": {"en": "k"}, "can_do": {"en": "c"},
               "leads_to": {"en": "l"}}]})";
  Diagnostics d("stack-limit.json");
  auto lesson = load_lesson(text, d);
  for (const auto& item : d.all())
    UNSCOPED_INFO(format_gcc(item));
  REQUIRE(lesson);
  FormulaShot under = picture(*lesson, {{"rent_usd", 100000}});
  const auto& s = under.item(Kind::stack);
  CHECK(s.over_limit);
  CHECK(s.has_line);
  CHECK(s.bars[0].over.width() > 0);
  CHECK(check_marks(under.layout.marks, {}, true).empty());
  FormulaShot above = picture(*lesson, {{"rent_usd", 400000}});
  CHECK_FALSE(above.item(Kind::stack).over_limit);
  CHECK(above.item(Kind::stack).bars[1].over.width() == 0);
  FormulaShot beyond = picture(*lesson, {{"rent_usd", 3000000}});
  CHECK(beyond.item(Kind::stack).line_beyond);
}

TEST_CASE("formula layout: chips warn by hatching and words when the room is too hot") {
  auto lesson = shipped_lesson("own-or-rent.json");
  FormulaShot cool = picture(*lesson, {});
  FormulaShot hot = picture(*lesson, {{"cooling_kw", 8}});
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

TEST_CASE("formula layout: a title on two lines gets both, and the item below moves down") {
  auto lesson = shipped_lesson("own-or-rent.json");
  FormulaMetrics m;
  const FormulaLayout one = picture(*lesson, nlohmann::json::object()).layout;
  m.title_lines = {1, 2};  // the stack's title ("Purchase + power (…) = …") wraps
  const FormulaLayout two = picture(*lesson, nlohmann::json::object(), formula_area, m).layout;
  REQUIRE(two.items.size() == one.items.size());
  CHECK(two.items[1].title.height() == Approx(2 * m.text_h));
  CHECK(two.items[1].tracks.front().y0 >= two.items[1].title.y1);
  CHECK(two.items[2].title.y0 >= two.items[1].tracks.front().y1);
  // Nothing overlaps the item above it.
  for (std::size_t k = 1; k < two.items.size(); ++k)
    CHECK(two.items[k].title.y0 >= two.items[k - 1].title.y1);
}

TEST_CASE("formula layout: at 200% text in a short canvas the bars thin so the items fit") {
  auto lesson = shipped_lesson("own-or-rent.json");
  // The canvas fonts at 200% (capped at 125%); the titles of a long language wrap.
  FormulaMetrics m{25, 20, 22.5f, 175, 30, 38, {1, 2, 1, 1, 1}};
  // At full thickness the five items need 495 px.
  const Rect short_area{0, 0, 435, 440};
  const FormulaLayout l = picture(*lesson, nlohmann::json::object(), short_area, m).layout;
  float bottom = 0;
  for (const auto& item : l.items) {
    for (const Rect& t : item.tracks)
      bottom = std::max(bottom, t.y1);
    for (const Rect& c : item.chips)
      bottom = std::max(bottom, c.y1);
    for (const Rect& t : item.tiles)
      bottom = std::max(bottom, t.y1);
  }
  CHECK(bottom <= short_area.y1);
  const auto& bars = l.items.front();
  CHECK(bars.tracks.front().height() < m.bar_h);
  CHECK(bars.tracks.front().height() >= std::round(m.bar_h * 0.6f));
  CHECK(check_marks(l.marks, {}, true).empty());  // still to scale: only heights gave way
}

TEST_CASE("formula layout: too short even thinned, the picture says how tall it is to scroll") {
  auto lesson = shipped_lesson("own-or-rent.json");
  // 200% text in a 1024x640 window: three rows of buttons leave the picture about 270 px.
  FormulaMetrics m{25, 20, 22.5f, 175, 30, 38, {1, 2, 1, 1, 1}};
  const Rect short_area{0, 100, 435, 370};
  const FormulaLayout l = picture(*lesson, {{"month", 12}}, short_area, m).layout;
  REQUIRE(l.items.size() == 5);
  CHECK(l.height > short_area.height());
  // Every item, the chips and counter tiles last, lies within the extent the canvas scrolls.
  const Rect extent{short_area.x0, short_area.y0, short_area.x1, short_area.y0 + l.height};
  for (const auto& item : l.items) {
    CHECK(inside(item.title, extent));
    for (const Rect& t : item.tracks)
      CHECK(inside(t, extent));
    for (const Rect& c : item.chips)
      CHECK(inside(c, extent));
    for (const Rect& t : item.tiles)
      CHECK(inside(t, extent));
  }
  CHECK(l.items.back().tiles.size() == 5);
  for (std::size_t k = 1; k < l.items.size(); ++k)
    CHECK(l.items[k].title.y0 >= l.items[k - 1].title.y1);
  CHECK(check_marks(l.marks, {}, true).empty());
  // With room to spare the extent stays within the area: nothing scrolls at 100%.
  const FormulaLayout roomy = picture(*lesson, {{"month", 12}}).layout;
  CHECK(roomy.height <= formula_area.height());
  CHECK(roomy.height > 0);
}
