#include "lessonsim/calc/power.hpp"

#include "lessonsim/calc/error.hpp"

namespace lessonsim::calc {

Watts rack_watts(std::int64_t servers, Watts server_watts) {
  if (servers < 0) throw CalcError("the number of servers cannot be negative");
  if (server_watts < 0) throw CalcError("a server's power cannot be negative");
  return checked_mul(servers, server_watts);
}

std::int64_t servers_within(Watts budget, Watts server_watts) {
  if (budget < 0) throw CalcError("a power budget cannot be negative");
  if (server_watts <= 0) throw CalcError("a server must draw more than 0 W");
  return budget / server_watts;
}

Watts headroom_watts(Watts budget, Watts draw) {
  if (budget < 0) throw CalcError("a power budget cannot be negative");
  if (draw < 0) throw CalcError("a draw cannot be negative");
  const Watts left = budget - draw;
  // left < budget / 1000 in whole numbers: left * 1000 < budget, without the overflow.
  return left > 0 && left < budget / 1000 + (budget % 1000 != 0 ? 1 : 0) ? 0 : left;
}

double throttled_clock(Watts heat, Watts cooling) {
  if (heat < 0) throw CalcError("the heat cannot be negative");
  if (cooling <= 0) throw CalcError("the cooling must carry away more than 0 W");
  if (heat <= cooling) return 1.0;
  return static_cast<double>(cooling) / static_cast<double>(heat);
}

SitePlan plan_site(const SiteQuery& q) {
  if (q.gpus < 1) throw CalcError("a site needs at least 1 GPU");
  if (q.gpus_per_server < 1 || q.servers_per_rack < 1 || q.racks_per_row < 1 ||
      q.rows_per_hall < 1) {
    throw CalcError("servers, racks, rows and halls each hold at least 1 of what they hold");
  }
  SitePlan p;
  p.servers = ceil_div(q.gpus, q.gpus_per_server);
  p.racks = ceil_div(p.servers, q.servers_per_rack);
  p.rows = ceil_div(p.racks, q.racks_per_row);
  p.halls = ceil_div(p.rows, q.rows_per_hall);
  p.it_watts = rack_watts(p.servers, q.server_watts);
  return p;
}

}  // namespace lessonsim::calc
