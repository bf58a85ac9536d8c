// The machine variables a kind's views (canvas, layout, terminal drawing) read: one list of
// handles per kind, resolved against the kind's table when its views register, so a name the
// kind lacks throws UnknownVariable at start-up and in the tests, never draws as 0.
#pragma once

#include <string_view>

#include "lessonsim/machine.hpp"

namespace lessonsim {

// The base of a kind's list, one member per variable its views read:
//   struct ClusterReads : KindReads<ClusterReads, cluster_machine_spec> {
//     Handle gpus = var("gpus");
//   };
// then `ClusterReads::get().gpus(engine.values())`, and `&ClusterReads::resolve` in the view's
// registration.
template <class Self, const MachineSpec& (*Spec)()>
class KindReads {
 public:
  // The one resolved list, built the first time it is asked for.
  static const Self& get() {
    static const Self resolved;
    return resolved;
  }
  // What a view's registration calls: throws UnknownVariable for a name the kind lacks.
  static void resolve() { get(); }

 protected:
  using Handle = VariableHandle;
  static Handle var(std::string_view name) { return Handle(Spec(), name); }
};

}  // namespace lessonsim
