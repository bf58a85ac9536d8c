#include "machines/setting_readers.hpp"
#include "lessonsim/messages.hpp"

#include <cmath>

#include "lessonsim/text.hpp"

namespace lessonsim::machines {

std::string read_integer(const nlohmann::json& value, std::int64_t lo, std::int64_t hi,
                         std::int64_t& out) {
  if (!value.is_number_integer()) return "must be a whole number";
  // A huge unsigned number reads as negative through get<int64_t>; refuse it as too big.
  if (value.is_number_unsigned() && value.get<std::uint64_t>() > static_cast<std::uint64_t>(hi)) {
    return "may be at most " + std::to_string(hi);
  }
  auto n = value.get<std::int64_t>();
  if (n < lo) return "must be at least " + std::to_string(lo);
  if (n > hi) return "may be at most " + std::to_string(hi);
  out = n;
  return {};
}

std::string read_real(const nlohmann::json& value, double lo, double hi, double& out) {
  if (!value.is_number()) return "must be a number";
  double v = value.get<double>();
  if (!std::isfinite(v) || v < lo || v > hi) {
    return "must be between " + format_number(lo, fallback_locale) + " and " +
           format_number(hi, fallback_locale);
  }
  out = v;
  return {};
}

std::string read_flag(const nlohmann::json& value, bool& out) {
  if (!value.is_boolean()) return "must be true or false";
  out = value.get<bool>();
  return {};
}

}  // namespace lessonsim::machines
