// The registry of machine kinds: every kind listed in src/kinds/kinds.def, and the tests' own.
#include "kind_specs.hpp"
#include "lessonsim/machine.hpp"

namespace lessonsim {

namespace {

std::vector<const MachineSpec*>& registry() {
  static std::vector<const MachineSpec*> kinds = {
#define LESSONSIM_KIND(folder) &folder##_machine_spec(),
#include "kinds.def"
#undef LESSONSIM_KIND
  };
  return kinds;
}

}  // namespace

const std::vector<const MachineSpec*>& machine_kinds() {
  return registry();
}

bool register_machine_kind(const MachineSpec& spec) {
  if (find_machine_kind(spec.kind)) return false;
  registry().push_back(&spec);
  return true;
}

}  // namespace lessonsim
