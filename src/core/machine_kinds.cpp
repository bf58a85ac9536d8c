// The registry of machine kinds: adding a kind is its own files plus one line here.
#include "lessonsim/machine.hpp"
#include "lessonsim/machines/batching.hpp"
#include "lessonsim/machines/cluster.hpp"
#include "lessonsim/machines/formula.hpp"
#include "lessonsim/machines/interconnect.hpp"
#include "lessonsim/machines/lab.hpp"
#include "lessonsim/machines/memory_stack.hpp"
#include "lessonsim/machines/rack.hpp"
#include "lessonsim/machines/sort.hpp"
#include "lessonsim/machines/split.hpp"

namespace lessonsim {

namespace {

std::vector<const MachineSpec*>& registry() {
  static std::vector<const MachineSpec*> kinds = {
      &split_machine_spec(), &memory_stack_machine_spec(), &interconnect_machine_spec(),
      &rack_machine_spec(),  &cluster_machine_spec(),      &batching_machine_spec(),
      &sort_machine_spec(),  &lab_machine_spec(),          &formula_machine_spec(),
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
