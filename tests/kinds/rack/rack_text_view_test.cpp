// The rack's terminal drawing: counts in the singular when there is one.
#include <catch2/catch.hpp>

#include "rack/rack.hpp"
#include "text_view_kinds.hpp"

using namespace lessonsim;

TEST_CASE("rack text view: one rack in view is '1 rack', a row's are '20 racks'", "[play]") {
  RackMachine m;
  m.set("servers", 1);
  const std::string rack = app::rack_text_view().draw(m, "en");
  CHECK_THAT(rack, Catch::Contains("1 rack,"));
  CHECK_THAT(rack, !Catch::Contains("1 racks"));
  m.set("servers", 8);
  m.set("zoom", "row");
  CHECK_THAT(app::rack_text_view().draw(m, "en"), Catch::Contains("20 racks,"));
  CHECK_THAT(app::rack_text_view().draw(m, "es"), Catch::Contains("20 racks,"));
}

TEST_CASE("rack text view: a rack's draw reads in kW, a site's in MW, its counts from the table",
          "[play]") {
  RackMachine m;
  m.set("servers", 1);
  const std::string rack = app::rack_text_view().draw(m, "es");
  // One 10.2 kW server: "0,01 MW" before.
  CHECK_THAT(rack, Catch::Contains("Vista: rack · 1 rack, 8 GPU, 10,2 kW\n"));
  CHECK_THAT(rack, Catch::Contains("1 servidor, 8 GPU"));
  m.set("servers", 8);
  m.set("zoom", "site");
  const std::string site = app::rack_text_view().draw(m, "en");
  const std::string view = site.substr(site.find("View:"));
  CHECK_THAT(view.substr(0, view.find('\n') + 1), Catch::EndsWith(" MW\n"));
}
