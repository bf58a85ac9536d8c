// Conditions written in lessons (`goal`, `when`, `at_end`): typed, compiled once, evaluated often.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace lessonsim {

enum class ValueType { number, boolean };

class Machine;

struct VariableInfo {
  std::string name;
  ValueType type = ValueType::number;
  std::string description;
  // A machine variable's accessor (booleans as 0/1); expressions read values, never this.
  std::function<double(const Machine&)> read = {};
  // What the quantity is measured in ("GB", "kW", "days", "USD", "GPUs"), as the picture's
  // marks say it; empty for a count or flag no mark draws. A step may `point` only at one with.
  std::string unit = {};
};

struct ExprError {
  int offset = 0;  // 0-based character offset into the expression text
  std::string message;
  std::string suggestion;       // a close variable name, for an unknown one
  std::vector<ExprError> more;  // every further unknown variable, so one run reports them all
};

// A compiled expression. Variables are resolved at compile time to indices into the machine's
// variable table, so evaluation is a walk over a small array with no name lookups. Booleans are
// evaluated as 0 and 1.
class Expression {
 public:
  static constexpr int max_depth = 48;
  static constexpr std::size_t max_length = 2000;

  // `suggest`: find a did-you-mean for an unknown name. A caller trying the text against several
  // machines' variables, and reporting none of those errors, asks for none.
  static std::optional<Expression> compile(std::string_view text,
                                           const std::vector<VariableInfo>& variables,
                                           ExprError& error, bool suggest = true);

  double evaluate(std::span<const double> values) const;
  bool holds(std::span<const double> values) const { return evaluate(values) != 0.0; }
  ValueType type() const { return type_; }
  const std::string& text() const { return text_; }

  // The compiled tree, read-only, for passes over it (a formula machine's units, its cycles).
  enum class Op : unsigned char {
    constant,
    variable,
    negate,
    logical_not,
    add,
    subtract,
    multiply,
    divide,
    modulo,
    less,
    less_equal,
    greater,
    greater_equal,
    equal,
    not_equal,
    logical_and,
    logical_or,
    call
  };
  struct Node {
    Op op;
    int left = -1;     // a call: its first argument's slot in the argument list
    int right = -1;    // a call: how many arguments
    double value = 0;  // the constant, the variable index, or a call's function index
    int offset = 0;    // where the node's text starts in the expression
  };
  const std::vector<Node>& nodes() const { return nodes_; }
  // The indices of the variables it reads, each once, ascending.
  std::vector<int> variables() const;
  int root() const { return root_; }
  // A call's argument nodes, in order.
  std::span<const int> arguments(const Node& call) const {
    return std::span<const int>(args_).subspan(static_cast<std::size_t>(call.left),
                                               static_cast<std::size_t>(call.right));
  }

 private:
  double eval(int index, std::span<const double> values) const;

  std::string text_;
  std::vector<Node> nodes_;
  std::vector<int> args_;
  int root_ = -1;
  ValueType type_ = ValueType::number;

  friend class ExprParser;
};

}  // namespace lessonsim
