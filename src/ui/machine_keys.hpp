// The keyboard help's lines for a machine's own keys, read from its spec (so a new machine kind
// documents its keys by declaring them).
#pragma once

#include <string>
#include <string_view>

#include "lessonsim/machine.hpp"

namespace lessonsim::ui {

// "\n\nThis machine:\n+ / =: add a GPU\n..." in `locale`; empty when the machine has no keys.
std::string machine_keys(const MachineSpec& spec, std::string_view locale);

}  // namespace lessonsim::ui
