// The sort picture's parts: the workloads, each placed in the datacenter or the network.
#include "picture_parts.hpp"

namespace lessonsim {

std::vector<PicturePart> sort_picture_parts() {
  return {
      {"jobs", {"unplaced", "in_datacenter", "in_network", "correct", "misplaced"}},
  };
}

}  // namespace lessonsim
