#include "lessonsim/machine.hpp"

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

const MachineSpec* find_machine_kind(std::string_view kind) {
  for (const MachineSpec* spec : machine_kinds()) {
    if (spec->kind == kind) return spec;
  }
  return nullptr;
}

const ActionInfo* find_action(const MachineSpec& spec, std::string_view op) {
  for (const auto& a : spec.actions) {
    if (a.name == op) return &a;
  }
  return nullptr;
}

}  // namespace lessonsim
