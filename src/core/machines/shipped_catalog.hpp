// The shipped hardware catalog, read once, for machines that name GPUs by catalog id.
#pragma once

#include "lessonsim/catalog.hpp"

namespace lessonsim::machines {

// assets/hardware.json as found by assets_dir() (share_dir.hpp); nullptr when it cannot be read.
const Catalog* shipped_catalog();

}  // namespace lessonsim::machines
