// The sort machine's variables that its canvas, layout and terminal drawing read,
// resolved when they register (see view_reads.hpp).
#pragma once

#include "sort.hpp"
#include "view_reads.hpp"

namespace lessonsim {

using SortReads = Reads<sort_machine_spec, "all_placed", "unplaced", "in_datacenter", "in_network",
                        "correct", "misplaced">;

}  // namespace lessonsim
