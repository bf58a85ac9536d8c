// The interconnect's terminal drawing: a link's speed and latency in units that keep their figures.
#include <catch2/catch.hpp>

#include "../../support/machine_test_support.hpp"
#include "interconnect/interconnect.hpp"
#include "lessonsim/messages.hpp"
#include "text_view_kinds.hpp"

using namespace lessonsim;

TEST_CASE("interconnect text view: home internet's 0.0125 GB/s reads 12.5 MB/s", "[play]") {
  InterconnectMachine m{testing::shipped_hardware()};
  REQUIRE(m.set("link", "home-internet").empty());
  const std::string home = app::interconnect_text_view().draw(m, "en");
  CHECK_THAT(home, Catch::Contains("12.5 MB/s"));
  CHECK_THAT(home, !Catch::Contains("GB/s"));
  CHECK_THAT(app::interconnect_text_view().draw(m, "es"), Catch::Contains("12,5 MB/s"));
  REQUIRE(m.set("link", "infiniband-ndr").empty());
  CHECK_THAT(app::interconnect_text_view().draw(m, "en"), Catch::Contains("50 GB/s"));
}

TEST_CASE("interconnect: a link's speed in GB/s, or MB/s below one GB/s", "[machine]") {
  CHECK(tr("en", link_speed(0.0125)) == "12.5 MB/s");
  CHECK(tr("en", link_speed(450)) == "450 GB/s");
  CHECK(tr("en", link_speed(1)) == "1 GB/s");
  CHECK(tr("pt-BR", link_speed(0.0125)) == "12,5 MB/s");
}

TEST_CASE("interconnect text view: home internet's 20,000 µs of latency reads 20 ms", "[play]") {
  InterconnectMachine m{testing::shipped_hardware()};
  REQUIRE(m.set("link", "home-internet").empty());
  const std::string home = app::interconnect_text_view().draw(m, "en");
  CHECK_THAT(home, Catch::Contains(", 20 ms ·"));
  CHECK_THAT(home, !Catch::Contains("µs"));
  REQUIRE(m.set("link", "infiniband-ndr").empty());
  CHECK_THAT(app::interconnect_text_view().draw(m, "pt-BR"), Catch::Contains(", 2 µs ·"));
}

TEST_CASE("interconnect: a latency in µs below 1 ms, ms below 1 s, else s", "[machine]") {
  CHECK(tr("en", link_latency(2)) == "2 µs");
  CHECK(tr("en", link_latency(999)) == "999 µs");
  CHECK(tr("en", link_latency(1000)) == "1 ms");
  CHECK(tr("en", link_latency(20'000)) == "20 ms");
  CHECK(tr("es", link_latency(1'500)) == "1,5 ms");
  CHECK(tr("pt-BR", link_latency(2'500'000)) == "2,5 s");
  CHECK(tr("en", link_latency(12'345'000'000)) == "12,345 s");
}
