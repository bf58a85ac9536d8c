// Writing a machine kind's table against its own class: typed lambdas for settings, variables
// and actions, wrapped into the table's type-erased accessors.
#pragma once

#include <concepts>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "lessonsim/machine.hpp"

namespace lessonsim::table {

namespace detail {

template <class F>
struct Signature : Signature<decltype(&F::operator())> {};
template <class C, class R, class... A>
struct Signature<R (C::*)(A...) const> {
  using result = R;
  static constexpr std::size_t arity = sizeof...(A);
  template <std::size_t K>
  using arg = std::remove_cvref_t<std::tuple_element_t<K, std::tuple<A...>>>;
};

template <class T>
T json_as(const nlohmann::json& v) {
  if constexpr (std::is_same_v<T, nlohmann::json>)
    return v;
  else
    return v.get<T>();
}

// The refusal for an integer parameter the action lacks.
Outcome missing_number();

}  // namespace detail

// A setting's store: `f(M&, T value)` with T the setting's C++ type (double, std::int64_t,
// bool, std::string, nlohmann::json); it may return a further problem as a string.
template <class M, class F>
std::function<std::string(Machine&, const nlohmann::json&)> store(F f) {
  using T = typename detail::Signature<F>::template arg<1>;
  return [f](Machine& m, const nlohmann::json& v) -> std::string {
    if constexpr (std::is_void_v<typename detail::Signature<F>::result>) {
      f(static_cast<M&>(m), detail::json_as<T>(v));
      return {};
    } else {
      return f(static_cast<M&>(m), detail::json_as<T>(v));
    }
  };
}

// A setting's current value: `f(const M&)` returning anything a json can hold.
template <class M, class F>
std::function<nlohmann::json(const Machine&)> load(F f) {
  return [f](const Machine& m) { return nlohmann::json(f(static_cast<const M&>(m))); };
}

// A variable's accessor: `f(const M&)` returning a number or a bool.
template <class M, class F>
std::function<double(const Machine&)> read(F f) {
  return [f](const Machine& m) { return static_cast<double>(f(static_cast<const M&>(m))); };
}

// An action's body: `f(M&)`, `f(M&, std::int64_t)` or `f(M&, std::string)` for the action's
// first parameter, or `f(M&, const Action&)` for anything else.
template <class M, class F>
std::function<Outcome(Machine&, const Action&)> run(F f, std::string param = "n") {
  using S = detail::Signature<F>;
  return [f, param](Machine& m, const Action& a) -> Outcome {
    auto& self = static_cast<M&>(m);
    if constexpr (S::arity == 1) {
      return f(self);
    } else {
      using T = typename S::template arg<1>;
      if constexpr (std::is_same_v<T, Action>)
        return f(self, a);
      else if constexpr (std::is_same_v<T, std::string>)
        return f(self, a.string(param.c_str()));
      else if (auto n = a.integer(param.c_str()))
        return f(self, *n);
      else
        return detail::missing_number();
    }
  };
}

// A setting stored as it is written, in the field `f` names: `[](auto& m) -> auto& { return
// m.gpus_; }` (generic, so it serves both to write and to read).
template <class M, class F>
SettingInfo field(SettingInfo s, F f) {
  using T = std::remove_cvref_t<decltype(f(std::declval<M&>()))>;
  s.store = [f](Machine& m, const nlohmann::json& v) -> std::string {
    f(static_cast<M&>(m)) = v.get<T>();
    return {};
  };
  s.load = [f](const Machine& m) { return nlohmann::json(f(static_cast<const M&>(m))); };
  return s;
}

// A number variable, read by `f(const M&)`, declared with its unit: what a picture's marks
// measure it in and what a step's `point` may name it by ("GB", "kW", "GPU"); "" for a count or
// an index no mark draws.
template <class M, class F>
VariableInfo number(std::string name, std::string unit, std::string what, F f) {
  return {std::move(name), ValueType::number, std::move(what), read<M>(f), std::move(unit)};
}

// A yes/no variable, read by `f(const M&)` (a bool): no mark draws it, so it has no unit.
template <class M, class F>
VariableInfo boolean(std::string name, std::string what, F f) {
  return {std::move(name), ValueType::boolean, std::move(what), read<M>(f)};
}

// A kind's factory for its table's `make`: `&table::make<SplitMachine>`. A kind that names
// catalog hardware takes the context in its constructor and keeps the shared catalog.
template <class M>
std::unique_ptr<Machine> make(const MachineContext& context) {
  if constexpr (std::is_constructible_v<M, const MachineContext&>)
    return std::make_unique<M>(context);
  else
    return std::make_unique<M>();
}

}  // namespace lessonsim::table
