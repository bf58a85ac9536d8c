// The generic half of every machine: setting, reading and dispatch, all from the kind's table.
#include "lessonsim/machine.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "lessonsim/machine_table.hpp"

namespace lessonsim {

std::optional<std::int64_t> Action::integer(const char* key) const {
  auto it = args.find(key);
  if (it == args.end() || !it->is_number_integer()) return std::nullopt;
  return it->get<std::int64_t>();
}

std::string Action::string(const char* key) const {
  auto it = args.find(key);
  if (it == args.end() || !it->is_string()) return {};
  return it->get<std::string>();
}

nlohmann::json Action::to_json() const {
  nlohmann::json j = args.is_object() ? args : nlohmann::json::object();
  j["do"] = op;
  return j;
}

Action Action::with(std::string op, const char* key, nlohmann::json value) {
  Action a = make(std::move(op));
  a.args[key] = std::move(value);
  return a;
}

namespace {

// A bound as an author writes it: 1024, 0.5, 1e+09.
std::string bound_text(double v, const std::string& unit) {
  char buf[32];
  if (v == std::floor(v) && std::fabs(v) < 1e15)
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
  else
    std::snprintf(buf, sizeof buf, "%g", v);
  return unit.empty() ? std::string(buf) : std::string(buf) + " " + unit;
}

std::string check_range(const SettingInfo& s, double v) {
  const SettingRange& r = s.range;
  if (r.lo_open && !(v > r.lo)) return "must be more than " + bound_text(r.lo, s.unit);
  if (v < r.lo) return "must be at least " + bound_text(r.lo, s.unit);
  if (v > r.hi) return "may be at most " + bound_text(r.hi, s.unit);
  return {};
}

std::string check_type(const SettingInfo& s, const nlohmann::json& value) {
  switch (s.type) {
    case SettingType::number:
      if (!value.is_number() || !std::isfinite(value.get<double>())) {
        return s.unit.empty() ? "must be a number" : "must be a number of " + s.unit;
      }
      return check_range(s, value.get<double>());
    case SettingType::integer:
      if (!value.is_number_integer()) return "must be a whole number";
      // A huge unsigned number reads as negative through get<int64_t>; it is too big.
      if (value.is_number_unsigned() &&
          value.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) {
        return "may be at most " + bound_text(s.range.hi, s.unit);
      }
      return check_range(s, static_cast<double>(value.get<std::int64_t>()));
    case SettingType::boolean:
      return value.is_boolean() ? "" : "must be true or false";
    case SettingType::choice: {
      if (s.choices.empty()) return value.is_string() ? "" : "must be a string";
      if (value.is_string() && std::find(s.choices.begin(), s.choices.end(),
                                         value.get<std::string>()) != s.choices.end()) {
        return {};
      }
      std::string all;
      for (std::size_t k = 0; k < s.choices.size(); ++k) {
        all += (k == 0                      ? ""
                : k + 1 == s.choices.size() ? " or "
                                            : ", ") +
               ("\"" + s.choices[k]) + "\"";
      }
      return "must be " + all;
    }
    case SettingType::structured:
      return {};
  }
  return {};
}

}  // namespace

void Machine::apply_defaults() {
  for (const SettingInfo& s : spec().settings) {
    if (!s.default_value.is_null()) s.store(*this, s.default_value);
  }
  settings_changed();
}

const SettingInfo* MachineSpec::setting(std::string_view name) const {
  for (const auto& s : settings) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

const ActionInfo* MachineSpec::action(std::string_view name) const {
  for (const auto& a : actions) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

std::optional<std::size_t> MachineSpec::variable(std::string_view name) const {
  for (std::size_t k = 0; k < variables.size(); ++k) {
    if (variables[k].name == name) return k;
  }
  return std::nullopt;
}

std::string Machine::set(std::string_view name, const nlohmann::json& value) {
  const SettingInfo* s = spec().setting(name);
  if (!s) return "is not a setting of the " + spec().kind + " machine";
  std::string problem = check_type(*s, value);
  if (!problem.empty()) return problem;
  problem = s->store(*this, value);
  settings_changed();
  return problem;
}

nlohmann::json Machine::settings() const {
  nlohmann::json out = nlohmann::json::object();
  for (const SettingInfo& s : spec().settings)
    out[s.name] = s.load(*this);
  return out;
}

Outcome Machine::apply(const Action& action) {
  const ActionInfo* a = spec().action(action.op);
  if (!a) {
    return Outcome::refuse(Message("machine.no_action").text("op", action.op));
  }
  return a->run(*this, action);
}

void Machine::values(std::vector<double>& out) const {
  const auto& vars = spec().variables;
  out.resize(vars.size());
  for (std::size_t k = 0; k < vars.size(); ++k)
    out[k] = vars[k].read(*this);
}

void Machine::values_at(std::span<const int> indices, std::vector<double>& out) const {
  const auto& vars = spec().variables;
  out.resize(vars.size());
  for (int k : indices)
    out[static_cast<std::size_t>(k)] = vars[static_cast<std::size_t>(k)].read(*this);
}

const MachineSpec* find_machine_kind(std::string_view kind) {
  for (const MachineSpec* spec : machine_kinds()) {
    if (spec->kind == kind) return spec;
  }
  return nullptr;
}

const ActionInfo* find_action(const MachineSpec& spec, std::string_view op) {
  return spec.action(op);
}

VariableHandle::VariableHandle(const MachineSpec& spec, std::string_view name) {
  auto k = spec.variable(name);
  if (!k) {
    throw UnknownVariable("the " + spec.kind + " machine has no variable \"" + std::string(name) +
                          "\"");
  }
  index_ = *k;
}

double VariableHandle::operator()(const Machine& machine) const {
  return machine.spec().variables.at(index_).read(machine);
}

namespace table::detail {

Outcome missing_number() {
  return Outcome::refuse("machine.batching.the_number_n_is_missing");
}

}  // namespace table::detail

}  // namespace lessonsim
