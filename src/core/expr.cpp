#include "lessonsim/expr.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>

#include "lessonsim/diagnostics.hpp"
#include "lessonsim/expr_functions.hpp"

namespace lessonsim {

// Precedence climbing over the raw text; every sub-expression carries its type and depth so a
// type error or an over-deep expression is reported where it starts, and evaluation can recurse
// without any risk to the stack.
class ExprParser {
 public:
  ExprParser(std::string_view text, const std::vector<VariableInfo>& variables, Expression& out,
             ExprError& error, bool suggest)
      : s_(text), vars_(variables), out_(out), error_(error), suggest_(suggest) {}

  bool run() {
    Sub root;
    if (!parse_or(root)) return report_unknowns(false);
    skip_space();
    if (i_ < s_.size()) {
      std::size_t end = i_;
      while (end < s_.size() && std::isalpha(static_cast<unsigned char>(s_[end])))
        ++end;
      std::string_view word = s_.substr(i_, end - i_);
      if (word == "and" || word == "or") {
        return fail(static_cast<int>(i_), std::string("write '") + (word == "and" ? "&&" : "||") +
                                              "' instead of '" + std::string(word) + "'");
      }
      return fail(static_cast<int>(i_),
                  "unexpected " + describe() + " after a complete expression; missing && or ||?");
    }
    out_.root_ = root.index;
    out_.type_ = root.type;
    return report_unknowns(true);
  }

 private:
  struct Sub {
    int index = -1;
    ValueType type = ValueType::number;
    int depth = 1;
    int start = 0;
    bool unknown = false;  // an unknown variable: already reported, fits any operand type
  };
  using Op = Expression::Op;

  std::string_view s_;
  const std::vector<VariableInfo>& vars_;
  Expression& out_;
  ExprError& error_;
  bool suggest_;
  std::size_t i_ = 0;
  int nesting_ = 0;                  // open parentheses, which bound the parser's recursion
  std::vector<ExprError> unknowns_;  // unknown variables met so far; parsing goes on past them

  // Every unknown variable is reported together with the first other error, if any.
  bool report_unknowns(bool parsed) {
    if (unknowns_.empty()) return parsed;
    if (parsed) {
      error_ = unknowns_.front();
      error_.more.assign(unknowns_.begin() + 1, unknowns_.end());
    } else {
      error_.more = unknowns_;
    }
    return false;
  }

  bool fail(int offset, std::string message, std::string suggestion = {}) {
    error_ = {offset, std::move(message), std::move(suggestion), {}};
    return false;
  }

  std::string describe() const {
    if (i_ >= s_.size()) return "end of the expression";
    return "'" + std::string(1, s_[i_]) + "'";
  }

  void skip_space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n'))
      ++i_;
  }

  bool accept(std::string_view token) {
    skip_space();
    if (s_.substr(i_, token.size()) != token) return false;
    i_ += token.size();
    return true;
  }

  int add(Op op, int left, int right, double value, int offset) {
    out_.nodes_.push_back({op, left, right, value, offset});
    return static_cast<int>(out_.nodes_.size()) - 1;
  }

  static const char* name(ValueType t) {
    return t == ValueType::number ? "a number" : "true/false";
  }

  bool combine(Op op, std::string_view symbol, Sub& left, const Sub& right, ValueType operands,
               ValueType result) {
    for (const Sub* side : std::array<const Sub*, 2>{&left, &right}) {
      if (side->type != operands && !side->unknown) {
        return fail(side->start, "'" + std::string(symbol) + "' needs " + name(operands) +
                                     " on both sides, but this is " + name(side->type));
      }
    }
    int depth = std::max(left.depth, right.depth) + 1;
    if (depth > Expression::max_depth)
      return fail(left.start, "the expression is too deeply nested");
    left.index = add(op, left.index, right.index, 0, left.start);
    left.type = result;
    left.depth = depth;
    left.unknown = false;
    return true;
  }

  bool parse_or(Sub& out) {
    if (!parse_and(out)) return false;
    while (accept("||")) {
      Sub right;
      if (!parse_and(right)) return false;
      if (!combine(Op::logical_or, "||", out, right, ValueType::boolean, ValueType::boolean)) {
        return false;
      }
    }
    return true;
  }

  bool parse_and(Sub& out) {
    if (!parse_equality(out)) return false;
    while (accept("&&")) {
      Sub right;
      if (!parse_equality(right)) return false;
      if (!combine(Op::logical_and, "&&", out, right, ValueType::boolean, ValueType::boolean)) {
        return false;
      }
    }
    return true;
  }

  bool parse_equality(Sub& out) {
    if (!parse_comparison(out)) return false;
    while (true) {
      Op op;
      std::string_view symbol;
      if (accept("==")) {
        op = Op::equal, symbol = "==";
      } else if (accept("!=")) {
        op = Op::not_equal, symbol = "!=";
      } else {
        skip_space();
        if (i_ < s_.size() && s_[i_] == '=') {
          return fail(static_cast<int>(i_), "use '==' to compare, not '='");
        }
        return true;
      }
      Sub right;
      if (!parse_comparison(right)) return false;
      if (!combine(op, symbol, out, right, out.type, ValueType::boolean)) return false;
    }
  }

  bool parse_comparison(Sub& out) {
    if (!parse_additive(out)) return false;
    while (true) {
      Op op;
      std::string_view symbol;
      if (accept("<=")) {
        op = Op::less_equal, symbol = "<=";
      } else if (accept(">=")) {
        op = Op::greater_equal, symbol = ">=";
      } else if (accept("<")) {
        op = Op::less, symbol = "<";
      } else if (accept(">")) {
        op = Op::greater, symbol = ">";
      } else {
        return true;
      }
      Sub right;
      if (!parse_additive(right)) return false;
      if (!combine(op, symbol, out, right, ValueType::number, ValueType::boolean)) return false;
    }
  }

  bool parse_additive(Sub& out) {
    if (!parse_multiplicative(out)) return false;
    while (true) {
      skip_space();
      if (i_ >= s_.size() || (s_[i_] != '+' && s_[i_] != '-')) return true;
      char c = s_[i_++];
      Sub right;
      if (!parse_multiplicative(right)) return false;
      if (!combine(c == '+' ? Op::add : Op::subtract, c == '+' ? "+" : "-", out, right,
                   ValueType::number, ValueType::number)) {
        return false;
      }
    }
  }

  bool parse_multiplicative(Sub& out) {
    if (!parse_unary(out, 0)) return false;
    while (true) {
      skip_space();
      if (i_ >= s_.size() || (s_[i_] != '*' && s_[i_] != '/' && s_[i_] != '%')) return true;
      char c = s_[i_++];
      Op op = c == '*' ? Op::multiply : c == '/' ? Op::divide : Op::modulo;
      Sub right;
      if (!parse_unary(right, 0)) return false;
      if (!combine(op, std::string_view(&c, 1), out, right, ValueType::number, ValueType::number)) {
        return false;
      }
    }
  }

  bool parse_unary(Sub& out, int depth) {
    skip_space();
    int start = static_cast<int>(i_);
    if (depth > Expression::max_depth) return fail(start, "the expression is too deeply nested");
    if (i_ < s_.size() && (s_[i_] == '!' || s_[i_] == '-') && s_.substr(i_, 2) != "!=") {
      char c = s_[i_++];
      if (!parse_unary(out, depth + 1)) return false;
      ValueType needed = c == '!' ? ValueType::boolean : ValueType::number;
      if (out.type != needed && !out.unknown) {
        return fail(start, std::string("'") + c + "' needs " + name(needed) + " after it");
      }
      out.index = add(c == '!' ? Op::logical_not : Op::negate, out.index, -1, 0, start);
      out.type = needed;
      out.unknown = false;
      out.depth += 1;
      out.start = start;
      if (out.depth > Expression::max_depth)
        return fail(start, "the expression is too deeply nested");
      return true;
    }
    return parse_primary(out);
  }

  // name(argument, ...): a function from expr_functions(), every argument a number.
  bool parse_call(Sub& out, const std::string& word, int start) {
    int f = find_expr_function(word);
    if (f < 0) {
      std::vector<std::string> names;
      for (const auto& fn : expr_functions())
        names.push_back(fn.name);
      std::string close = closest_name(word, names);
      std::string message = "unknown function '" + word + "'";
      message +=
          close.empty() ? " (known: " + join(names) + ")" : "; did you mean '" + close + "'?";
      return fail(start, message, close);
    }
    const ExprFunction& fn = expr_functions()[static_cast<std::size_t>(f)];
    ++i_;  // the '('
    if (++nesting_ > Expression::max_depth)
      return fail(start, "the expression is too deeply nested");
    std::vector<int> args;
    int depth = 1;
    if (!accept(")")) {
      do {
        Sub arg;
        if (!parse_or(arg)) return false;
        if (arg.type != ValueType::number && !arg.unknown) {
          return fail(arg.start, "'" + word + "' needs numbers, but this is " + name(arg.type));
        }
        args.push_back(arg.index);
        depth = std::max(depth, arg.depth + 1);
      } while (accept(","));
      if (!accept(")")) return fail(static_cast<int>(i_), "missing ')' to close the call here");
    }
    --nesting_;
    auto n = static_cast<int>(args.size());
    if (n < fn.min_args || n > fn.max_args) {
      return fail(start,
                  "'" + std::string(fn.signature) + "' takes " +
                      (fn.min_args == fn.max_args
                           ? std::to_string(fn.min_args)
                           : std::to_string(fn.min_args) + " to " + std::to_string(fn.max_args)) +
                      " argument" + (fn.max_args == 1 ? "" : "s") + ", not " + std::to_string(n));
    }
    if (depth > Expression::max_depth) return fail(start, "the expression is too deeply nested");
    auto first = static_cast<int>(out_.args_.size());
    out_.args_.insert(out_.args_.end(), args.begin(), args.end());
    out.index = add(Op::call, first, n, f, start);
    out.type = ValueType::number;
    out.depth = depth;
    out.start = start;
    return true;
  }

  static std::string join(const std::vector<std::string>& names) {
    std::string all;
    for (const auto& n : names)
      all += (all.empty() ? "" : ", ") + n;
    return all;
  }

  bool parse_primary(Sub& out) {
    skip_space();
    int start = static_cast<int>(i_);
    out.start = start;
    if (i_ >= s_.size()) return fail(start, "the expression ends where a value was expected");
    char c = s_[i_];
    if (c == '(') {
      ++i_;
      if (++nesting_ > Expression::max_depth) {
        return fail(start, "the expression is too deeply nested");
      }
      if (!parse_or(out)) return false;
      --nesting_;
      if (!accept(")")) return fail(static_cast<int>(i_), "missing ')' to close the '(' here");
      out.start = start;
      return true;
    }
    if ((c >= '0' && c <= '9') || c == '.') {
      double v = 0;
      auto r = std::from_chars(s_.data() + i_, s_.data() + s_.size(), v);
      if (r.ec != std::errc{} || !std::isfinite(v)) return fail(start, "this number is malformed");
      i_ = static_cast<std::size_t>(r.ptr - s_.data());
      out.index = add(Op::constant, -1, -1, v, start);
      out.type = ValueType::number;
      return true;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      std::size_t end = i_;
      while (end < s_.size() &&
             (std::isalnum(static_cast<unsigned char>(s_[end])) || s_[end] == '_')) {
        ++end;
      }
      std::string word(s_.substr(i_, end - i_));
      i_ = end;
      if (word == "true" || word == "false") {
        out.index = add(Op::constant, -1, -1, word == "true" ? 1 : 0, start);
        out.type = ValueType::boolean;
        return true;
      }
      skip_space();
      if (i_ < s_.size() && s_[i_] == '(') return parse_call(out, word, start);
      if (word == "and" || word == "or" || word == "not") {
        const char* symbol = word == "and" ? "&&" : word == "or" ? "||" : "!";
        return fail(start, "write '" + std::string(symbol) + "' instead of '" + word + "'");
      }
      for (std::size_t k = 0; k < vars_.size(); ++k) {
        if (vars_[k].name == word) {
          out.index = add(Op::variable, -1, -1, static_cast<double>(k), start);
          out.type = vars_[k].type;
          return true;
        }
      }
      std::string close;
      if (suggest_) {
        std::vector<std::string> names;
        for (const auto& v : vars_)
          names.push_back(v.name);
        close = closest_name(word, names);
      }
      std::string message = "unknown variable '" + word + "'";
      if (!close.empty()) message += "; did you mean '" + close + "'?";
      unknowns_.push_back({start, message, close, {}});
      out.index = add(Op::constant, -1, -1, 0, start);
      out.unknown = true;
      return true;
    }
    return fail(start, "unexpected " + describe() + " where a value was expected");
  }
};

std::vector<int> Expression::variables() const {
  std::vector<int> out;
  for (const Node& n : nodes_) {
    if (n.op == Op::variable) out.push_back(static_cast<int>(n.value));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::optional<Expression> Expression::compile(std::string_view text,
                                              const std::vector<VariableInfo>& variables,
                                              ExprError& error, bool suggest) {
  if (text.size() > max_length) {
    error = {
        0, "the expression is longer than " + std::to_string(max_length) + " characters", {}, {}};
    return std::nullopt;
  }
  Expression e;
  e.text_ = std::string(text);
  ExprParser parser(text, variables, e, error, suggest);
  if (!parser.run()) return std::nullopt;
  return e;
}

}  // namespace lessonsim
