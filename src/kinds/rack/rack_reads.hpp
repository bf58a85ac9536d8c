// The rack machine's variables that its canvas, layout and terminal drawing read,
// resolved when they register (see view_reads.hpp).
#pragma once

#include "rack.hpp"
#include "view_reads.hpp"

namespace lessonsim {

struct RackReads : KindReads<RackReads, rack_machine_spec> {
  Handle hot = var("hot");
  Handle server_kw = var("server_kw");
  Handle rack_kw = var("rack_kw");
  Handle budget_kw = var("budget_kw");
  Handle headroom_kw = var("headroom_kw");
  Handle liquid = var("liquid");
  Handle cooling_kw = var("cooling_kw");
  Handle clock_pct = var("clock_pct");
  Handle gpus = var("gpus");
  Handle useful_gpus = var("useful_gpus");
  Handle servers = var("servers");
  Handle view_racks = var("view_racks");
  Handle view_gpus = var("view_gpus");
  Handle view_mw = var("view_mw");
  Handle rows = var("rows");
  Handle halls = var("halls");
};

}  // namespace lessonsim
