// What every simulated machine kind offers the engine: settings, actions and named variables.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "lessonsim/expr.hpp"
#include "lessonsim/text.hpp"

namespace lessonsim {

// One move: a machine action (`add_gpu`, `set_gpus` with n) or an engine one (`next`, `goto`).
struct Action {
  std::string op;
  nlohmann::json args = nlohmann::json::object();

  std::optional<std::int64_t> integer(const char* key) const;
  std::string string(const char* key) const;
  nlohmann::json to_json() const;
  static Action make(std::string op) { return {std::move(op), nlohmann::json::object()}; }
  static Action with(std::string op, const char* key, nlohmann::json value);
};

struct ActionParam {
  std::string name;
  enum class Kind { integer, string } kind = Kind::integer;
};

struct ActionInfo {
  std::string name;
  std::vector<ActionParam> params;
  std::string description;
  // Characters that play it from the keyboard in the window (parameterless actions only), and
  // what the keyboard help calls it.
  std::string keys = {};
  LocalizedText key_help = {};
};

struct SettingInfo {
  std::string name;
  std::string description;
};

// The answer to an action: done, or refused with a reason the learner can read.
struct Outcome {
  bool ok = true;
  LocalizedText why;
  static Outcome done() { return {}; }
  static Outcome refuse(Message why) { return {false, LocalizedText::of(std::move(why))}; }
};

class Machine;

// A machine kind, described once: the lesson loader, `check`, the docs and the UI read this.
struct MachineSpec {
  std::string kind;
  std::string summary;
  std::vector<SettingInfo> settings;
  std::vector<VariableInfo> variables;
  std::vector<ActionInfo> actions;
  std::unique_ptr<Machine> (*create)() = nullptr;
};

class Machine {
 public:
  virtual ~Machine() = default;
  virtual const MachineSpec& spec() const = 0;
  virtual std::unique_ptr<Machine> clone() const = 0;

  // Sets one named setting (from the lesson's `machine` object or a step's `setup`).
  // Returns what is wrong with the value, or an empty string.
  virtual std::string set(std::string_view name, const nlohmann::json& value) = 0;
  // Consistency across settings, checked after a group of `set` calls; empty when fine.
  virtual std::string check() const { return {}; }
  virtual nlohmann::json settings() const = 0;

  virtual Outcome apply(const Action& action) = 0;

  // The variables' current values, in the order of `spec().variables` (booleans as 0/1).
  virtual void values(std::vector<double>& out) const = 0;

  // What the machine's own laws say must always hold, checked by random play after every
  // action; the broken law, or an empty string.
  virtual std::string broken_invariant() const { return {}; }
};

// Every registered machine kind.
const std::vector<const MachineSpec*>& machine_kinds();
const MachineSpec* find_machine_kind(std::string_view kind);

const ActionInfo* find_action(const MachineSpec& spec, std::string_view op);

}  // namespace lessonsim
