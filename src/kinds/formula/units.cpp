#include "units.hpp"

#include <cctype>
#include <vector>

#include "lessonsim/expr_functions.hpp"

namespace lessonsim::formula {

namespace {

using Op = Expression::Op;
using Powers = std::map<std::string, int, std::less<>>;

bool name_char(char c, bool first) {
  auto u = static_cast<unsigned char>(c);
  return std::isalpha(u) || c == '$' || c == '%' || c == '_' || (!first && std::isdigit(u));
}

void multiply(Powers& into, const Powers& by, int sign) {
  for (const auto& [name, p] : by) {
    int& q = into[name];
    q += sign * p;
    if (q == 0) into.erase(name);
  }
}

}  // namespace

Unit parse_unit(std::string_view text, std::string& error) {
  if (text.empty()) return {};
  Powers powers;
  std::size_t i = 0;
  int sign = 1;
  bool expect_factor = true;
  auto fail = [&](std::string why) {
    error = "unit \"" + std::string(text) + "\": " + why;
    return Unit{};
  };
  while (i < text.size()) {
    if (text[i] == ' ') {
      ++i;
      continue;
    }
    if (expect_factor) {
      if (text[i] == '1' && (i + 1 == text.size() || text[i + 1] == '/' || text[i + 1] == ' ')) {
        ++i;
      } else {
        if (!name_char(text[i], true)) return fail("expected a unit name here");
        std::size_t end = i;
        while (end < text.size() && name_char(text[end], end == i))
          ++end;
        std::string name(text.substr(i, end - i));
        int power = 1;
        i = end;
        if (i < text.size() && text[i] == '^') {
          std::size_t d = ++i;
          while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])))
            ++i;
          if (i == d || i - d > 2) return fail("a power is a small whole number, e.g. m^2");
          power = std::stoi(std::string(text.substr(d, i - d)));
        }
        multiply(powers, {{name, power}}, sign);
      }
      expect_factor = false;
      continue;
    }
    if (text[i] == '*') {
      i += 1;
    } else if (text.substr(i, 2) == "\xC2\xB7") {  // '·'
      i += 2;
    } else if (text[i] == '/') {
      i += 1;
      sign = -1;
    } else {
      return fail("expected '*', '/' or the end here");
    }
    expect_factor = true;
  }
  if (expect_factor) return fail("it ends where a unit name was expected");
  return Unit::known_as(std::move(powers));
}

std::string unit_text(const Unit& u) {
  if (u.kind != Unit::Kind::known) return {};
  std::string up, down;
  for (const auto& [name, p] : u.powers) {
    std::string& side = p > 0 ? up : down;
    side += (side.empty() ? "" : "·") + name;
    int a = p > 0 ? p : -p;
    if (a != 1) side += "^" + std::to_string(a);
  }
  if (up.empty()) up = "1";
  return down.empty() ? up : up + "/" + down;
}

namespace {

class Inference {
 public:
  Inference(const Expression& e, const std::function<Unit(int)>& unit_of, UnitFault& fault)
      : e_(e), unit_of_(unit_of), fault_(fault) {}

  Unit at(int index) {
    if (fault_.offset >= 0) return {};
    const Expression::Node& n = e_.nodes()[static_cast<std::size_t>(index)];
    switch (n.op) {
      case Op::constant:
        return {Unit::Kind::literal, {}};
      case Op::variable:
        return unit_of_(static_cast<int>(n.value));
      case Op::negate:
        return at(n.left);
      case Op::logical_not:
      case Op::logical_and:
      case Op::logical_or:
        if (n.left >= 0) at(n.left);
        if (n.right >= 0) at(n.right);
        return {};
      case Op::multiply:
      case Op::divide: {
        Unit a = at(n.left), b = at(n.right);
        if (a.kind == Unit::Kind::free || b.kind == Unit::Kind::free) return {};
        if (a.kind == Unit::Kind::literal && b.kind == Unit::Kind::literal) return a;
        Powers p = a.powers;
        multiply(p, b.powers, n.op == Op::multiply ? 1 : -1);
        return Unit::known_as(std::move(p));
      }
      case Op::add:
      case Op::subtract:
      case Op::modulo:
        return same(n, {n.left, n.right}, n.op == Op::subtract ? "subtracts" : "adds");
      case Op::less:
      case Op::less_equal:
      case Op::greater:
      case Op::greater_equal:
      case Op::equal:
      case Op::not_equal:
        same(n, {n.left, n.right}, "compares");
        return {};
      case Op::call: {
        const ExprFunction& fn = expr_functions()[static_cast<std::size_t>(n.value)];
        std::span<const int> args = e_.arguments(n);
        std::vector<int> list(args.begin(), args.end());
        if (*fn.unit == '\0') return same(n, list, "mixes");
        for (int a : list)
          at(a);
        std::string ignored;
        return parse_unit(fn.unit, ignored);
      }
    }
    return {};
  }

 private:
  // Operands that must agree: the first known unit is what the others must have.
  Unit same(const Expression::Node& n, const std::vector<int>& operands, const char* verb) {
    Unit result{Unit::Kind::literal, {}};
    bool any_free = false;
    for (int k : operands) {
      Unit u = at(k);
      if (fault_.offset >= 0) return {};
      if (u.kind == Unit::Kind::free) any_free = true;
      if (u.kind != Unit::Kind::known) continue;
      if (result.kind == Unit::Kind::known && !(u == result)) {
        fault_.offset = n.offset;
        const bool sum = std::string_view(verb) == "adds";
        fault_.message = "this " + std::string(verb) + " " + unit_text(sum ? u : result) +
                         (sum ? " to " : " and ") + unit_text(sum ? result : u) +
                         ": the units must match";
        return {};
      }
      result = u;
    }
    if (result.kind == Unit::Kind::literal && any_free) return {};
    return result;
  }

  const Expression& e_;
  const std::function<Unit(int)>& unit_of_;
  UnitFault& fault_;
};

}  // namespace

Unit infer_unit(const Expression& e, const std::function<Unit(int)>& unit_of, UnitFault& fault) {
  if (e.root() < 0) return {};
  return Inference(e, unit_of, fault).at(e.root());
}

}  // namespace lessonsim::formula
