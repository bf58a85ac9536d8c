// The rack machine: the power feed, air's limit and throttling, and the zoomed-out site.
#include <catch2/catch.hpp>

#include "../../support/machine_test_support.hpp"
#include "rack/rack.hpp"

using namespace lessonsim;
using lessonsim::testing::var;

TEST_CASE("rack: an enterprise feed of 15 kW runs one 10.2 kW server", "[machine]") {
  RackMachine m;
  REQUIRE(m.set("budget_kw", 15).empty());
  CHECK(var(m, "power_max_servers") == 1);
  REQUIRE(m.apply(Action::make("add_server")).ok);
  Outcome o = m.apply(Action::make("add_server"));
  CHECK_FALSE(o.ok);
  CHECK(o.why.in("en") == "2 servers would draw 20.4 kW, and the rack's power feed gives 15 kW.");
  CHECK(var(m, "headroom_kw") == Approx(4.8));
  CHECK(m.broken_invariant().empty());
}

TEST_CASE("rack: an NVL72 of 18 trays of 6.666 kW fills its 120 kW feed, with none left",
          "[machine]") {
  RackMachine m;
  REQUIRE(m.set("gpus_per_server", 4).empty());
  REQUIRE(m.set("server_kw", 6.666).empty());
  REQUIRE(m.set("max_servers", 18).empty());
  REQUIRE(m.set("budget_kw", 120).empty());
  REQUIRE(m.apply(Action::with("set_servers", "n", 18)).ok);
  CHECK(var(m, "rack_kw") == Approx(119.988));
  // The 12 W between are the rounding of 120 / 18 kW, not power to spare.
  CHECK(var(m, "headroom_kw") == 0);
  REQUIRE(m.apply(Action::with("set_servers", "n", 17)).ok);
  CHECK(var(m, "headroom_kw") == Approx(6.678));
}

TEST_CASE("rack: past air's 40 kW the clock drops; liquid restores it", "[machine]") {
  RackMachine m;
  REQUIRE(m.apply(Action::with("set_servers", "n", 3)).ok);
  CHECK(var(m, "hot") == 0);
  CHECK(var(m, "clock_pct") == 100);
  CHECK(var(m, "heat_over_kw") == 0);
  REQUIRE(m.apply(Action::make("add_server")).ok);  // 40.8 kW
  CHECK(var(m, "hot") == 1);
  CHECK(var(m, "heat_over_kw") == Approx(0.8));
  CHECK(var(m, "clock_pct") == Approx(4000.0 / 40.8));
  REQUIRE(m.apply(Action::with("set_servers", "n", 8)).ok);  // 81.6 kW
  CHECK(var(m, "clock_pct") == Approx(4000.0 / 81.6));
  // Throttled by air, the rack's work is capped: 40 kW at 1.275 kW per GPU, whatever its size.
  CHECK(var(m, "useful_gpus") == Approx(40.0 / 1.275));
  REQUIRE(m.apply(Action::with("set_cooling", "to", "liquid")).ok);
  CHECK(var(m, "hot") == 0);
  CHECK(var(m, "useful_gpus") == 64);
  CHECK_FALSE(m.apply(Action::make("add_server")).ok);  // room for 8
  CHECK_FALSE(m.apply(Action::with("set_cooling", "to", "ice")).ok);
  CHECK(m.broken_invariant().empty());
}

TEST_CASE("rack: zooming out to a site of 100,000 GPUs", "[machine]") {
  RackMachine m;
  REQUIRE(m.apply(Action::with("set_servers", "n", 8)).ok);
  CHECK(var(m, "view_racks") == 1);
  CHECK(var(m, "view_gpus") == 64);
  CHECK(var(m, "view_mw") == Approx(0.0816));
  REQUIRE(m.apply(Action::make("zoom_out")).ok);
  CHECK(var(m, "view_racks") == 20);
  CHECK(var(m, "view_mw") == Approx(1.632));
  REQUIRE(m.apply(Action::make("zoom_out")).ok);
  CHECK(var(m, "view_gpus") == 25'600);
  REQUIRE(m.apply(Action::make("zoom_out")).ok);
  CHECK(var(m, "view_racks") == 1'563);
  CHECK(var(m, "view_gpus") == 100'000);
  CHECK(var(m, "total_mw") == 127.5);
  CHECK(var(m, "halls") == 4);
  CHECK_FALSE(m.apply(Action::make("zoom_out")).ok);
  // Fewer servers per rack: more racks, the same power.
  REQUIRE(m.apply(Action::with("set_servers", "n", 4)).ok);
  CHECK(var(m, "racks") == 3'125);
  CHECK(var(m, "total_mw") == 127.5);
  REQUIRE(m.apply(Action::with("set_servers", "n", 0)).ok);
  CHECK(var(m, "racks") == 0);
  CHECK(m.broken_invariant().empty());
}

TEST_CASE("rack: settings are checked", "[machine]") {
  RackMachine m;
  CHECK_FALSE(m.set("cooling", "ice").empty());
  CHECK_FALSE(m.set("zoom", "planet").empty());
  CHECK_FALSE(m.set("budget_kw", -5).empty());
  REQUIRE(m.set("budget_kw", 15).empty());
  REQUIRE(m.set("servers", 2).empty());
  CHECK_FALSE(m.check().empty());  // 20.4 kW on a 15 kW feed
}

TEST_CASE("rack: gpus_per_server is a variable, in GPUs, even with the rack empty", "[machine]") {
  RackMachine m;
  REQUIRE(m.set("gpus_per_server", 4).empty());
  CHECK(var(m, "servers") == 0);
  CHECK(var(m, "gpus_per_server") == 4);
  const auto index = m.spec().variable("gpus_per_server");
  REQUIRE(index);
  CHECK(m.spec().variables[*index].unit == "GPU");
}
