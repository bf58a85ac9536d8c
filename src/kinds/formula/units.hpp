// Units for a formula machine's check: "USD/h", "GPU", "GB" as products of named base units, and
// what unit an expression gives, so adding GB to dollars is a located error.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>

#include "lessonsim/expr.hpp"

namespace lessonsim::formula {

// A unit as powers of named units; `free` when nothing is known of it (no unit declared).
struct Unit {
  enum class Kind { free, literal, known } kind = Kind::free;
  std::map<std::string, int, std::less<>> powers;  // known: "USD" 1, "h" -1

  static Unit known_as(std::map<std::string, int, std::less<>> p) {
    return {Kind::known, std::move(p)};
  }
  bool operator==(const Unit& other) const = default;
};

// "USD/GPU/h", "kW*h", "1/month", "GB": factors joined by '*' or '·', each '/' divides by the
// next factor; a factor may carry a power, "m^2". Empty text is a free unit. Sets `error`.
Unit parse_unit(std::string_view text, std::string& error);
// The canonical spelling: "USD/GPU·h"; "1" for a pure number.
std::string unit_text(const Unit& u);

struct UnitFault {
  int offset = -1;  // where in the expression; -1 when none
  std::string message;
};

// The unit `e` gives. Numbers written in it are pure numbers in products and take the other
// side's unit in sums and comparisons; variables without a unit are free and check nothing.
Unit infer_unit(const Expression& e, const std::function<Unit(int variable)>& unit_of,
                UnitFault& fault);

}  // namespace lessonsim::formula
