// The sort machine's variables that its canvas, layout and terminal drawing read,
// resolved when they register (see view_reads.hpp).
#pragma once

#include "sort.hpp"
#include "view_reads.hpp"

namespace lessonsim {

struct SortReads : KindReads<SortReads, sort_machine_spec> {
  Handle all_placed = var("all_placed");
  Handle unplaced = var("unplaced");
  Handle in_datacenter = var("in_datacenter");
  Handle in_network = var("in_network");
  Handle correct = var("correct");
  Handle misplaced = var("misplaced");
};

}  // namespace lessonsim
