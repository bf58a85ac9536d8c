// Evaluating a compiled expression: a walk over its node array, with division by zero as 0 so
// that a lesson's rule never stops the engine.
#include <algorithm>
#include <array>
#include <cmath>

#include "lessonsim/expr.hpp"
#include "lessonsim/expr_functions.hpp"

namespace lessonsim {

double Expression::evaluate(std::span<const double> values) const {
  return root_ < 0 ? 0.0 : eval(root_, values);
}

double Expression::eval(int index, std::span<const double> values) const {
  const Node& n = nodes_[static_cast<std::size_t>(index)];
  auto l = [&] { return eval(n.left, values); };
  auto r = [&] { return eval(n.right, values); };
  switch (n.op) {
    case Op::constant:
      return n.value;
    case Op::variable: {
      auto k = static_cast<std::size_t>(n.value);
      return k < values.size() ? values[k] : 0.0;
    }
    case Op::negate:
      return -l();
    case Op::logical_not:
      return l() == 0.0 ? 1.0 : 0.0;
    case Op::add:
      return l() + r();
    case Op::subtract:
      return l() - r();
    case Op::multiply:
      return l() * r();
    case Op::divide: {
      double d = r();
      return d == 0.0 ? 0.0 : l() / d;
    }
    case Op::modulo: {
      double d = r();
      return d == 0.0 ? 0.0 : std::fmod(l(), d);
    }
    case Op::less:
      return l() < r();
    case Op::less_equal:
      return l() <= r();
    case Op::greater:
      return l() > r();
    case Op::greater_equal:
      return l() >= r();
    case Op::equal:
      return l() == r();
    case Op::not_equal:
      return l() != r();
    case Op::logical_and:
      return l() != 0.0 && r() != 0.0;
    case Op::logical_or:
      return l() != 0.0 || r() != 0.0;
    case Op::call: {
      std::array<double, 8> args{};
      std::span<const int> from = arguments(n);
      for (std::size_t k = 0; k < from.size() && k < args.size(); ++k) {
        args[k] = eval(from[k], values);
      }
      const ExprFunction& fn = expr_functions()[static_cast<std::size_t>(n.value)];
      return fn.call(std::span<const double>(args.data(), std::min(from.size(), args.size())));
    }
  }
  return 0.0;
}

}  // namespace lessonsim
