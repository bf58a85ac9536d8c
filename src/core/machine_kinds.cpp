// The registry of machine kinds: adding a kind is its own files plus one line here.
#include "lessonsim/machine.hpp"
#include "lessonsim/machines/batching.hpp"
#include "lessonsim/machines/cluster.hpp"
#include "lessonsim/machines/lab.hpp"
#include "lessonsim/machines/sort.hpp"
#include "lessonsim/machines/split.hpp"

namespace lessonsim {

const std::vector<const MachineSpec*>& machine_kinds() {
  static const std::vector<const MachineSpec*> kinds = {
      &split_machine_spec(),
      &cluster_machine_spec(),
      &batching_machine_spec(),
      &sort_machine_spec(),
      &lab_machine_spec(),
  };
  return kinds;
}

}  // namespace lessonsim
