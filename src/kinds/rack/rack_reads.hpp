// The rack machine's variables that its canvas, layout and terminal drawing read,
// resolved when they register (see view_reads.hpp).
#pragma once

#include "rack.hpp"
#include "view_reads.hpp"

namespace lessonsim {

using RackReads =
    Reads<rack_machine_spec, "hot", "server_kw", "rack_kw", "budget_kw", "headroom_kw", "liquid",
          "cooling_kw", "heat_over_kw", "clock_pct", "gpus_per_server", "gpus", "useful_gpus",
          "servers", "view_racks", "view_gpus", "view_mw", "rows", "halls">;

}  // namespace lessonsim
