// The split machine's variables that its canvas, layout and terminal drawing read,
// resolved when they register (see view_reads.hpp).
#pragma once

#include "split.hpp"
#include "view_reads.hpp"

namespace lessonsim {

using SplitReads = Reads<split_machine_spec, "gpus">;

}  // namespace lessonsim
