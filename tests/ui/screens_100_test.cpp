// Every screen of every lesson at 100% text: the picture rules on the whole screen (see
// screen_walk.hpp; one file per text size, so the three run side by side).
#include <catch2/catch.hpp>

#include "screen_walk.hpp"

using namespace lessonsim::ui::testing;

TEST_CASE("every screen of every lesson, in every locale and both sizes, at 100% text") {
  require_clean(walk_all_screens(1.0f));
}
