// Numbers as each locale writes them, by the message engine (CLDR's separators and grouping:
// "93,3" and "2500" in Spanish, "93.3" and "2,500" in English).
#include <cmath>
#include <string>

#include "lessonsim/message_engine.hpp"
#include "lessonsim/messages.hpp"
#include "lessonsim/text.hpp"

namespace lessonsim {

std::string format_decimals(double value, std::string_view locale, int decimals, bool keep_zeros) {
  if (!std::isfinite(value)) return "—";
  // A value that rounds to zero is written "0", never "-0".
  if (std::fabs(value) < 0.5 * std::pow(10.0, -decimals)) value = 0;
  std::string out = message_engine().format_decimals(value, locale, decimals, keep_zeros);
  return out.empty() ? std::to_string(value) : out;
}

std::string format_number(double value, std::string_view locale) {
  return format_decimals(value, locale, std::fabs(value) >= 10 ? 1 : 2, false);
}

std::string format_gb(double gb, std::string_view locale) {
  return format_number(gb, locale) + " GB";
}

std::string format_bool(bool value, std::string_view locale) {
  return tr(locale, value ? "value.yes" : "value.no");
}

}  // namespace lessonsim
