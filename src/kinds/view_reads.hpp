// The machine variables a kind's views (canvas, layout, terminal drawing) read: one list of
// names per kind, resolved to handles against the kind's table when its views register, so a
// name the kind lacks throws UnknownVariable at start-up and in the tests, never draws as 0.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <string_view>

#include "lessonsim/machine.hpp"

namespace lessonsim {

// A variable's name as a template argument: `"gpus"`.
template <std::size_t N>
struct VariableName {
  char text[N];
  constexpr VariableName(const char (&name)[N]) { std::copy_n(name, N, text); }
  constexpr std::string_view view() const { return {text, N - 1}; }
};

// A kind's list: `using ClusterReads = Reads<cluster_machine_spec, "gpus", "days">;`, then
// `ClusterReads::get<"gpus">(engine.values())` (or of a Machine) where a view reads one (a name
// the list lacks does not compile) and `&ClusterReads::resolve` in the view's registration.
template <const MachineSpec& (*Spec)(), VariableName... Names>
class Reads {
 public:
  // What a view's registration calls: throws UnknownVariable for a name the kind lacks.
  static void resolve() { handles(); }

  template <VariableName Name>
  static const VariableHandle& of() {
    constexpr std::array<std::string_view, sizeof...(Names)> names = {Names.view()...};
    constexpr std::size_t k = static_cast<std::size_t>(
        std::find(names.begin(), names.end(), Name.view()) - names.begin());
    static_assert(k < names.size(), "a view reads a variable its kind's list does not name");
    return handles()[k];
  }
  // The variable's value in `from`: a machine, or an engine's values.
  template <VariableName Name, class From>
  static double get(const From& from) {
    return of<Name>()(from);
  }

 private:
  // Built the first time it is asked for, which registration does.
  static const std::array<VariableHandle, sizeof...(Names)>& handles() {
    static const std::array<VariableHandle, sizeof...(Names)> resolved = {
        VariableHandle(Spec(), Names.view())...};
    return resolved;
  }
};

}  // namespace lessonsim
