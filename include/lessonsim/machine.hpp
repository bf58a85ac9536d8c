// What every simulated machine kind offers the engine: one typed table of settings, variables
// and actions, from which setting, reading, dispatch, the docs and the schema are all derived.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "lessonsim/expr.hpp"
#include "lessonsim/text.hpp"

namespace lessonsim {

struct Catalog;
class Machine;

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

// The answer to an action: done, or refused with a reason the learner can read.
struct Outcome {
  bool ok = true;
  LocalizedText why;
  static Outcome done() { return {}; }
  static Outcome refuse(Message why) { return {false, LocalizedText::of(std::move(why))}; }
};

// What a setting's value must be. `set` checks the type and range before the setting's own
// `store` sees the value, so `store` only adds what the table cannot say (a catalog id, ...).
enum class SettingType {
  number,     // any finite number within `range`
  integer,    // a whole number within `range`
  boolean,    // true or false
  choice,     // one of `choices`, a string (any string `store` accepts when `choices` is empty:
              // an id from the hardware catalog)
  structured  // any JSON; `store` judges it and `schema` describes it (a lesson-defined table)
};

struct SettingRange {
  double lo = 0;
  double hi = 0;
  bool lo_open = false;  // true: the value must be more than lo, not merely at least lo
};

struct SettingInfo {
  std::string name;
  SettingType type = SettingType::number;
  SettingRange range = {};
  std::vector<std::string> choices = {};
  nlohmann::json default_value = nullptr;  // stored by Machine::apply_defaults, shown by the docs
  std::string unit = {};
  std::string description = {};
  // Stores a value `set` has checked against the type and range; returns what else is wrong
  // with it, or an empty string.
  std::function<std::string(Machine&, const nlohmann::json&)> store = {};
  // The current value, as a lesson would write it.
  std::function<nlohmann::json(const Machine&)> load = {};
  // For `structured` settings: the JSON Schema of the value (other types derive theirs).
  nlohmann::json schema = nullptr;
  // An operate step may also write it beside its `setup` (split's `"couple": true`).
  bool on_step = false;
};

struct ActionParam {
  std::string name;
  enum class Kind { integer, string } kind = Kind::integer;
  // An item's number in a list the learner sees (a job to sort): a lesson's JSON counts from 0,
  // a person typing at `play` from 1, as the terminal numbers the list.
  bool typed_from_one = false;
};

struct ActionInfo {
  std::string name;
  std::vector<ActionParam> params;
  std::string description;
  // Characters that play it from the keyboard in the window and in `play` (parameterless
  // actions only), and what the keyboard help calls it.
  std::string keys = {};
  LocalizedText key_help = {};
  // Runs it (table::run wraps a typed body, refusing a missing number).
  std::function<Outcome(Machine&, const Action&)> run = {};
  // For an action with a number: two parameterless actions (up, down) that reach its every
  // result one step at a time within the same limits (set_gpus: add_gpu, remove_gpu), so the
  // lint need not try every number when a step allows both.
  std::vector<std::string> stepped_by = {};
};

// What a machine is made with: the lesson's load context. A machine keeps what it needs of it
// (a shared catalog stays alive as long as the machines that hold it).
struct MachineContext {
  std::shared_ptr<const Catalog> hardware;  // null when no catalog could be read
};

// A part of a kind's picture (a panel, a gauge, a timeline) and the variables it draws, as a
// mark or a number: what a step's focus shows, fades or folds (step_focus.hpp), and what
// `check` knows the picture can show before a predict step's choice.
struct PicturePart {
  std::string id;
  std::vector<std::string> variables;
  // An overlay (failures on a run, chip ticks under a model) that is left out, not faded, on a
  // step that does not read what it draws.
  bool folds = false;
};

// A machine kind's table, described once: the loader, `check`, the docs, the schema, the UI's
// keys and the canvases' variable handles read it. A kind's table is usually static data, but
// a kind may build one per machine at load time (from the lesson's own JSON), with closures for
// accessors; `Machine::spec()` is always the table of that machine.
struct MachineSpec {
  std::string kind;
  std::string summary;
  std::vector<SettingInfo> settings;
  std::vector<VariableInfo> variables;  // each with its `read` accessor
  std::vector<ActionInfo> actions;
  std::unique_ptr<Machine> (*make)(const MachineContext&) = nullptr;
  // The parts of its picture, in the order the picture draws them (empty: one part, all of it).
  std::vector<PicturePart> picture = {};

  // A new machine of this kind, every setting at its table default.
  std::unique_ptr<Machine> create(const MachineContext& context) const { return make(context); }
  const SettingInfo* setting(std::string_view name) const;
  const ActionInfo* action(std::string_view name) const;
  // The index of a variable in `values`, or nullopt.
  std::optional<std::size_t> variable(std::string_view name) const;
};

class Machine {
 public:
  virtual ~Machine() = default;
  virtual const MachineSpec& spec() const = 0;
  virtual std::unique_ptr<Machine> clone() const = 0;

  // Sets one named setting (from the lesson's `machine` object or a step's `setup`), checked
  // against the table's type and range. Returns what is wrong with the value, or "".
  std::string set(std::string_view name, const nlohmann::json& value);
  // Consistency across settings, checked after a group of `set` calls; empty when fine.
  virtual std::string check() const { return {}; }
  // Every setting's current value, by name.
  nlohmann::json settings() const;

  // Finds the action in the table and runs it; an unknown one is refused.
  Outcome apply(const Action& action);

  // The variables' current values, in the order of `spec().variables` (booleans as 0/1).
  void values(std::vector<double>& out) const;
  // Only the variables at `indices` (as Expression::variables() gives them) read into `out`,
  // which is sized for them all: what an expression needs, without computing the rest.
  void values_at(std::span<const int> indices, std::vector<double>& out) const;

  // What the machine's own laws say must always hold, checked by random play after every
  // action; the broken law, or an empty string.
  virtual std::string broken_invariant() const { return {}; }

  // A copy whose texts written in the lesson (labels, action texts: a kind declared in the
  // lesson file has them) are passed through `map`, e.g. to add a generated locale; null for a
  // kind whose texts all come from the message catalogs.
  virtual std::unique_ptr<Machine> with_lesson_texts(
      const std::function<void(LocalizedText&)>& /*map*/) const {
    return nullptr;
  }

 protected:
  // Stores every setting's table default; each kind's constructor ends with it, so the table
  // is the one place a default is written.
  void apply_defaults();
  // Called after every stored setting, for a kind that caches what settings decide.
  virtual void settings_changed() {}
};

// Every registered machine kind: one line each in machine_kinds.cpp, then any added by
// register_machine_kind (a kind defined only in the tests).
const std::vector<const MachineSpec*>& machine_kinds();
// Adds a kind for the loader, `doc machines`, the schema and `play`; a kind already there by
// that name is left as it is. Returns true when added.
bool register_machine_kind(const MachineSpec& spec);
const MachineSpec* find_machine_kind(std::string_view kind);

const ActionInfo* find_action(const MachineSpec& spec, std::string_view op);

// A variable looked up by name once, when a canvas, text view or test registers; reading it
// is an index, so a renamed variable fails where it is named, never as a silent 0.
class VariableHandle {
 public:
  // Throws UnknownVariable when `spec` has no variable `name`.
  VariableHandle(const MachineSpec& spec, std::string_view name);
  double operator()(const std::vector<double>& values) const { return values.at(index_); }
  double operator()(const Machine& machine) const;
  std::size_t index() const { return index_; }

 private:
  std::size_t index_;
};

class UnknownVariable : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

}  // namespace lessonsim
