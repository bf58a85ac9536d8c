// The scale rules (check_marks) on small pictures: one scale per quantity on the screen, a
// callout's marks exactly its factor larger, breaks that say their number. Every lesson's
// screens are held to them in screens_*_test.cpp.
#include <catch2/catch.hpp>

#include "scale.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;

namespace {

Mark bar(double gb, float px, bool broken = false, std::string label = "1 GB") {
  Mark m;
  m.quantity = "memory";
  m.unit = "B";
  m.value = gb * 1e9;
  m.rect = {0, 0, px, 10};
  m.broken = broken;
  m.label = std::move(label);
  return m;
}

}  // namespace

TEST_CASE("the marks checker catches what is not to scale") {
  CHECK(check_marks({bar(80, 100), bar(40, 50), bar(20, 25.5f)}).empty());
  CHECK(check_marks({bar(80, 100), bar(60, 100)}).size() >= 1);         // 60 drawn as long as 80
  CHECK(check_marks({bar(80, 100), bar(200, 72, false)}).size() >= 1);  // bigger, shorter
  CHECK(check_marks({bar(80, 100), bar(200, 150, true, "200 GB")}).empty());
  CHECK(check_marks({bar(80, 100), bar(200, 90, true, "200 GB")}).size() >= 1);  // break too short
  CHECK(check_marks({bar(80, 100), bar(200, 150, true, "GB")}).size() >= 1);     // no number
}

TEST_CASE("one quantity, one scale on the screen: a panel of its own is no excuse") {
  Mark panel = bar(10, 100);
  panel.view = "one GPU";
  // 10 GB drawn as long as 80 GB, in a "view" no callout declares.
  auto faults = check_marks({bar(80, 100), panel});
  REQUIRE(faults.size() == 1);
  CHECK_THAT(faults[0], Catch::Contains("no callout on the screen"));
  // Round one's rule compared such a panel only with itself.
  CHECK(check_marks({bar(80, 100), panel}, {}, true).empty());
}

TEST_CASE("a callout's marks are exactly its factor larger than the screen's") {
  const std::vector<View> views = {{"gpu", "", 10, {0, 0, 12.5f, 10}, {200, 0, 325, 10}}};
  Mark in = bar(10, 125);  // 10 GB at 1.25 px/GB × 10
  in.view = "gpu";
  CHECK(check_marks({bar(80, 100), in}, views).empty());
  Mark wrong = bar(10, 100);  // ×8, labelled ×10
  wrong.view = "gpu";
  CHECK(check_marks({bar(80, 100), wrong}, views).size() == 1);
  // A callout inside a callout multiplies the factors.
  const std::vector<View> nested = {views[0], {"deep", "gpu", 2, {}, {}}};
  Mark deeper = bar(1, 25);  // 1 GB × 1.25 × 10 × 2
  deeper.view = "deep";
  CHECK(check_marks({bar(80, 100), in, deeper}, nested).empty());
}

TEST_CASE("a number in a tile has no length to check") {
  Mark tile = bar(500, 40);
  tile.direction = Direction::none;
  CHECK(check_marks({bar(80, 100), tile}).empty());
}
