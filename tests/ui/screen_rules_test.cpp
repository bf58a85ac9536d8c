// The whole-screen rules (check_screen) on small pictures: each rule fires on the fault it
// names and stays quiet on the picture that keeps it.
#include <catch2/catch.hpp>

#include "picture_json.hpp"
#include "screen_rules.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;

namespace {

Mark gb(double gb, Rect r, std::string var = {}, Signal state = Signal::neutral) {
  Mark m;
  m.quantity = "memory";
  m.unit = "B";
  m.value = gb * 1e9;
  m.rect = r;
  m.label = std::to_string(static_cast<int>(gb)) + " GB";
  m.var = std::move(var);
  m.state = state;
  return m;
}

ScreenFacts facts() {
  ScreenFacts f;
  f.machine = "test";
  f.shows_machine = true;
  return f;
}

bool says(const std::vector<std::string>& faults, const std::string& part) {
  return std::any_of(faults.begin(), faults.end(),
                     [&](const std::string& f) { return f.find(part) != std::string::npos; });
}

}  // namespace

TEST_CASE("screen rules: text that is cut, stacked on text or across a mark's edge") {
  Picture p;
  p.marks = {gb(80, {0, 0, 100, 20})};
  p.texts = {{{2, 2, 60, 18}, "80 GB", false}};  // a bar's own label, inside it
  CHECK(check_screen(p, facts()).empty());
  p.texts.push_back({{90, 2, 140, 18}, "over the end", false});
  CHECK(says(check_screen(p, facts()), "runs across the edge of mark 80 GB"));
  p.texts = {{{200, 0, 260, 16}, "one", false}, {{250, 4, 300, 20}, "two", false}};
  CHECK(says(check_screen(p, facts()), "text \"one\" lies over text \"two\""));
  p.texts = {{{200, 0, 260, 16}, "→ 32.7 in", true}};
  CHECK(says(check_screen(p, facts()), "is cut off at the edge"));
}

TEST_CASE("screen rules: signals agree with the goal") {
  Picture p;
  p.marks = {gb(80, {0, 0, 100, 20}, "total_gb", Signal::fault)};
  ScreenFacts f = facts();
  CHECK(check_screen(p, f).empty());  // not an operate step: a fault may stand
  f.goal_met = true;
  CHECK(says(check_screen(p, f), "is a fault at a state that meets the step's goal"));
  p.marks[0].state = Signal::warn;
  CHECK(says(check_screen(p, f), "warns at the step's goal"));
  f.focus.explained = {"total_gb"};  // the step explains it: the warning may stand
  CHECK(check_screen(p, f).empty());
  // A broken limit shows no ✓ and no price.
  f.goal_met = false;
  p.marks[0].state = Signal::fault;
  Mark price;
  price.quantity = "money";
  price.unit = "USD";
  price.value = 0.95;
  price.direction = Direction::none;
  price.rect = {0, 40, 60, 60};
  price.label = "$0.95";
  p.marks.push_back(price);
  p.texts = {{{0, 70, 60, 90}, "✓ 27.3 ms", false}};
  auto faults = check_screen(p, f);
  CHECK(says(faults, "yet the price $0.95 is shown"));
  CHECK(says(faults, "yet \"✓ 27.3 ms\" says it is fine"));
}

TEST_CASE("screen rules: nothing shows a predict step's answer before the choice") {
  Picture p;
  Mark exchange;
  exchange.quantity = "time";
  exchange.unit = "s";
  exchange.value = 43201.1;
  exchange.direction = Direction::none;
  exchange.rect = {0, 0, 120, 20};
  exchange.label = "43,201.1 s";
  exchange.var = "exchange_s";
  p.marks = {exchange};
  ScreenFacts f = facts();
  f.answer = ScreenFacts::Answer{"exchange_hours", "time", "s", 12 * 3600.0, 1800};
  CHECK(says(check_screen(p, f), "shows the answer (exchange_hours) before the choice"));
  f.answer.reset();
  f.focus.hidden = {"exchange_s"};
  CHECK(says(check_screen(p, f), "shows what the step hides until the choice"));
  f.focus.hidden.clear();
  CHECK(check_screen(p, f).empty());
}

TEST_CASE("screen rules: the step's own marks are neither faded nor out of view") {
  Picture p;
  p.canvas = {0, 0, 300, 200};
  p.marks = {gb(80, {0, 150, 100, 250}, "lost_hours")};
  ScreenFacts f = facts();
  CHECK(check_screen(p, f).empty());  // the step does not read it
  f.focus.reads = {"lost_hours"};
  CHECK(says(check_screen(p, f), "yet out of view"));
  p.marks[0].rect = {0, 0, 100, 20};
  p.marks[0].faded = true;
  CHECK(says(check_screen(p, f), "yet faded"));
}

TEST_CASE("screen rules: a scale that moves under a move is caught; a zoom may move it") {
  Picture before, after;
  before.marks = {gb(280, {0, 0, 413, 20}, "model_gb")};
  after.marks = {gb(280, {0, 0, 206, 20}, "model_gb")};
  CHECK(says(check_scales_held(before, after), "the memory scale moved under a move"));
  CHECK(check_scales_held(before, before).empty());
}

TEST_CASE("screen rules: a picture written as the dump and read back keeps every fault") {
  Picture p;
  p.canvas = {0, 0, 300, 200};
  p.marks = {gb(80, {0, 0, 100, 20}, "total_gb", Signal::fault)};
  p.views = {{"gpu", "", 10, {0, 0, 10, 20}, {150, 0, 250, 20}}};
  p.texts = {{{90, 2, 140, 18}, "✓ over the end", false}};
  ScreenFacts f = facts();
  f.goal_met = true;
  f.focus.reads = {"total_gb"};
  Picture read;
  ScreenFacts read_facts;
  std::string error;
  REQUIRE(picture_from_json(picture_json(p, f), read, read_facts, error));
  CHECK(check_screen(read, read_facts) == check_screen(p, f));
  CHECK(check_screen(p, f).size() >= 2);
}
