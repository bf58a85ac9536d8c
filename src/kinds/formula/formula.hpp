// The `formula` machine: a simulation an instructor declares in the lesson file — settings,
// derived variables as expressions, actions, invariants and a picture — with no C++.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "lessonsim/machine.hpp"

namespace lessonsim {

struct FormulaSetting {
  enum class Type { number, integer, boolean, choice };
  std::string name;
  Type type = Type::number;
  double min = 0, max = 0;           // number and integer
  std::vector<std::string> choices;  // choice: its value in expressions is the index
  double initial = 0;
  std::string unit;
  LocalizedText label;
};

struct FormulaVariable {
  std::string name;
  Expression expression;
  std::string unit;  // declared, else what its expression gives (empty: no unit known)
  LocalizedText label;
};

struct FormulaAction {
  enum class Kind { set, step, toggle };
  std::string name;
  Kind kind = Kind::set;
  int setting = 0;           // index into the settings
  std::optional<double> to;  // set: the value; none takes the value as the parameter n
  double by = 1;             // step
  std::string keys;
  LocalizedText text;
};

struct FormulaInvariant {
  Expression holds;
  std::string text;  // as written
};

// One thing the picture draws, bound to variables by index (settings first, then derived).
struct PictureItem {
  enum class Kind { bars, stack, timeline, counters, chips };
  Kind kind = Kind::bars;
  LocalizedText title;
  struct Part {
    int variable = -1;
    LocalizedText label;
  };
  std::vector<Part> parts;  // bars, stack parts, counters; chips and timeline: the first
  int limit = -1;           // bars, stack: the line they are measured against (-1: none)
  LocalizedText limit_label;
  int full = -1;    // bars, stack, timeline: the value the whole track stands for
  int marker = -1;  // timeline: a point on it (e.g. the break-even month)
  LocalizedText marker_label;
  int warn = -1;  // chips: a boolean variable that marks them as in trouble
  LocalizedText warn_label;
  std::string unit;  // of the lengths drawn, from the bound variables
};

// A whole declaration, shared (immutable) by every copy of the machine built from it.
struct FormulaDef {
  std::vector<FormulaSetting> settings;
  std::vector<FormulaVariable> derived;
  std::vector<int> order;  // derived variables in an order where each follows what it reads
  std::vector<FormulaAction> actions;
  std::vector<FormulaInvariant> invariants;
  std::vector<PictureItem> picture;
  MachineSpec spec;  // its settings, variables (settings first) and actions, as the engine reads
  const std::string& unit_of(int variable) const;

  // Fills `spec` from the rest; call once the declaration is complete.
  void build_spec();
  // The step actions (up by 1, down by 1) that reach every value a `set n` action can.
  std::vector<std::string> stepped_by(const FormulaAction& set) const;
};

// The kind as registered: a declaration comes with each lesson (see read_formula in the loader).
const MachineSpec& formula_machine_spec();

class FormulaMachine final : public Machine {
 public:
  FormulaMachine();
  explicit FormulaMachine(std::shared_ptr<const FormulaDef> def);
  const MachineSpec& spec() const override { return def_->spec; }
  std::unique_ptr<Machine> clone() const override {
    return std::make_unique<FormulaMachine>(*this);
  }
  std::string broken_invariant() const override;
  std::unique_ptr<Machine> with_lesson_texts(
      const std::function<void(LocalizedText&)>& map) const override;

  // What the table's closures call: setting k stored and read back, action `index` run, and
  // variable k (settings first, then the derived ones) read.
  std::string store(std::size_t k, const nlohmann::json& value);
  nlohmann::json load(std::size_t k) const;
  Outcome run(std::size_t index, const Action& action);
  double value_at(std::size_t k) const;

  const FormulaDef& def() const { return *def_; }
  double setting(std::size_t k) const { return settings_[k]; }

 private:
  Outcome put(const FormulaAction& action, double value);

  std::shared_ptr<const FormulaDef> def_;
  std::vector<double> settings_;        // in declaration order; booleans 0/1, choices their index
  mutable std::vector<double> values_;  // every variable, as of the settings when fresh_
  mutable bool fresh_ = false;
};

// What is wrong with `value` for `s`, or empty; `out` gets it as a number.
std::string read_setting_value(const FormulaSetting& s, const nlohmann::json& value, double& out);

}  // namespace lessonsim
