// The table of every kind listed in kinds.def, declared from that list (each is defined in its
// kind's folder), for the registries that walk the list.
#pragma once

#include "lessonsim/machine.hpp"

namespace lessonsim {

#define LESSONSIM_KIND(folder) const MachineSpec& folder##_machine_spec();
#include "kinds.def"
#undef LESSONSIM_KIND

}  // namespace lessonsim
