// The sort machine in a terminal: jobs numbered from 1, as a learner counts the canvas's rows,
// and the number typed is the number shown.
#include <catch2/catch.hpp>

#include "../../support/machine_test_support.hpp"
#include "commands.hpp"
#include "lessonsim/messages.hpp"
#include "sort/sort.hpp"
#include "text_view_kinds.hpp"

using namespace lessonsim;

TEST_CASE("sort text view: the first job is job 1, the last job 9", "[play]") {
  SortMachine m{testing::shipped_hardware()};
  const std::string text = app::sort_text_view().draw(m, "en");
  CHECK_THAT(text, Catch::Contains("  1 training a frontier model\n"));
  CHECK_THAT(text, Catch::Contains("  9 " +
                                   std::string(phrase("en", "machine.sort.item." +
                                                                std::string(sort_items()[8].id))) +
                                   "\n"));
  CHECK_THAT(text, !Catch::Contains("  0 "));
}

TEST_CASE("sort in play: typing the number shown places that job", "[play]") {
  SortMachine m{testing::shipped_hardware()};
  auto first = app::parse_command("to_datacenter 1", m.spec());
  REQUIRE(first);
  REQUIRE(m.apply(*first).ok);
  CHECK(m.placed(0) == Bin::datacenter);
  auto last = app::parse_command("to_network 9", m.spec());
  REQUIRE(last);
  REQUIRE(m.apply(*last).ok);
  CHECK(m.placed(8) == Bin::network);
  CHECK_THAT(app::sort_text_view().draw(m, "en"), Catch::Contains("  1 training a frontier model"));
  // A number past the jobs, either way, is refused in words that hold for both.
  for (const char* line : {"unplace 0", "unplace 10"}) {
    auto a = app::parse_command(line, m.spec());
    REQUIRE(a);
    Outcome o = m.apply(*a);
    CHECK_FALSE(o.ok);
    CHECK(o.why.in("en") == "There is no such job: there are 9.");
  }
}
