// Racks as a power problem: what servers draw, what cooling carries away, and a whole site.
#pragma once

#include <cstdint>

namespace lessonsim::calc {

// Power in whole watts, so "is it within the budget" is an exact comparison.
using Watts = std::int64_t;

// What `servers` servers of `server_watts` each draw at full load. Throws CalcError for a
// negative count or power.
Watts rack_watts(std::int64_t servers, Watts server_watts);

// The most servers of `server_watts` a power feed of `budget` watts can run at full load.
// Throws CalcError for a negative budget or a server that draws nothing.
std::int64_t servers_within(Watts budget, Watts server_watts);

// What a feed of `budget` watts has left beside a draw of `draw` watts. A remainder under a
// thousandth of the feed is none: it is the rounding of the figures the draw was built from
// (18 servers of 6.666 kW, a rounded 120 / 18, leave 12 W of a 120 kW feed), not power a learner
// could use. A draw over the feed gives what it is over by, negative. Throws CalcError for a
// negative budget or draw.
Watts headroom_watts(Watts budget, Watts draw);

// A simplified model of thermal throttling: chips that make more heat than the cooling carries
// away slow down until they make only as much as it carries, and a chip's power falls roughly
// with its clock. The clock as a fraction of full speed: 1 when the heat is within the
// cooling, else cooling / heat. Throws CalcError for negative heat or cooling, or no cooling.
double throttled_clock(Watts heat, Watts cooling);

// A site of `gpus` GPUs laid out as servers in racks, racks in rows, rows in halls; every
// count rounded up (the last rack, row or hall may be part full).
struct SiteQuery {
  std::int64_t gpus = 0;
  std::int64_t gpus_per_server = 8;
  std::int64_t servers_per_rack = 1;
  std::int64_t racks_per_row = 1;
  std::int64_t rows_per_hall = 1;
  Watts server_watts = 0;
};

struct SitePlan {
  std::int64_t servers = 0;
  std::int64_t racks = 0;
  std::int64_t rows = 0;
  std::int64_t halls = 0;
  Watts it_watts = 0;  // every server at full load, before cooling and losses
};

// Throws CalcError for a count below 1 or a negative power.
SitePlan plan_site(const SiteQuery& q);

}  // namespace lessonsim::calc
