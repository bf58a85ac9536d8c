// The rack picture's parts: the rack and its servers, its power feed, its cooling, and the
// farther levels (row, hall, site) a zoom shows.
#include "picture_parts.hpp"

namespace lessonsim {

std::vector<PicturePart> rack_picture_parts() {
  return {
      {"rack", {"servers", "gpus", "gpus_per_server", "server_kw"}},
      {"power", {"rack_kw", "budget_kw", "headroom_kw"}},
      {"cooling", {"cooling_kw", "heat_over_kw", "clock_pct", "useful_gpus"}},
      {"site", {"view_racks", "view_gpus", "view_mw", "rows", "halls"}},
  };
}

}  // namespace lessonsim
