// The lab picture's parts: one gauge per limit of the brief, each against its own limit.
#include "picture_parts.hpp"

namespace lessonsim {

std::vector<PicturePart> lab_picture_parts() {
  return {
      {"memory", {"memory_per_gpu_gb", "gpu_memory_gb"}},
      {"time", {"train_days", "deadline_days"}},
      {"power", {"power_kw", "power_cap_kw"}},
      {"money", {"cost_usd", "budget_usd"}},
      {"cooling", {"rack_kw", "cooling_limit_kw"}},
      {"space", {"racks", "max_racks"}},
  };
}

}  // namespace lessonsim
