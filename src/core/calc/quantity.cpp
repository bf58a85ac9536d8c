#include "lessonsim/calc/quantity.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>

namespace lessonsim::calc {

namespace {

// `text` as sign × digits × 10^exponent, read without rounding.
struct Decimal {
  bool negative = false;
  std::string digits;  // no leading zeros; empty means zero
  int exponent = 0;
};

constexpr const char* forms = "write it as 7.5e9, 7.5B, 300M or 1T";

std::optional<Decimal> read_decimal(std::string_view text, std::string& error) {
  std::string shown(text);
  auto fail = [&](const std::string& why) -> std::optional<Decimal> {
    error = "\"" + shown + "\" " + why;
    return std::nullopt;
  };
  if (text.empty()) return fail("is empty; " + std::string(forms));
  Decimal d;
  std::size_t i = 0;
  if (text[i] == '+' || text[i] == '-') d.negative = text[i++] == '-';
  bool any_digit = false, dot = false;
  int fraction_digits = 0;
  for (; i < text.size(); ++i) {
    char c = text[i];
    if (c == '.' && !dot) {
      dot = true;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      any_digit = true;
      if (d.digits.empty() && c == '0') {
        if (dot) ++fraction_digits;
        continue;
      }
      d.digits += c;
      if (dot) ++fraction_digits;
    } else {
      break;
    }
  }
  if (!any_digit) return fail("is not a number; " + std::string(forms));
  int exponent = 0;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool neg = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) neg = text[i++] == '-';
    std::size_t start = i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && i - start < 4) {
      exponent = exponent * 10 + (text[i++] - '0');
    }
    if (i == start) return fail("has an exponent with no digits; " + std::string(forms));
    if (neg) exponent = -exponent;
  }
  if (i < text.size()) {
    switch (std::toupper(static_cast<unsigned char>(text[i]))) {
      case 'K':
        exponent += 3;
        ++i;
        break;
      case 'M':
        exponent += 6;
        ++i;
        break;
      case 'B':
        exponent += 9;
        ++i;
        break;
      case 'T':
        exponent += 12;
        ++i;
        break;
      default:
        break;
    }
  }
  if (i != text.size()) return fail("is not a number; " + std::string(forms));
  if (d.digits.size() > 30) return fail("has more digits than any size needs");
  if (std::abs(exponent) > 60) return fail("is out of range");
  d.exponent = exponent - fraction_digits;
  while (!d.digits.empty() && d.digits.back() == '0') {
    d.digits.pop_back();
    ++d.exponent;
  }
  return d;
}

}  // namespace

std::optional<std::int64_t> parse_count(std::string_view text, std::string& error) {
  auto d = read_decimal(text, error);
  if (!d) return std::nullopt;
  if (d->digits.empty()) return 0;
  if (d->exponent < 0) {
    error = "\"" + std::string(text) + "\" is not a whole number";
    return std::nullopt;
  }
  if (d->digits.size() + static_cast<std::size_t>(d->exponent) > 18) {
    error = "\"" + std::string(text) + "\" is 10^18 or more, beyond any real size";
    return std::nullopt;
  }
  std::int64_t value = 0;
  for (char c : d->digits)
    value = value * 10 + (c - '0');
  for (int k = 0; k < d->exponent; ++k)
    value *= 10;
  return d->negative ? -value : value;
}

std::optional<double> parse_amount(std::string_view text, std::string& error) {
  auto d = read_decimal(text, error);
  if (!d) return std::nullopt;
  if (d->digits.empty()) return 0.0;
  // strtod rounds the exact decimal correctly; the digits were already checked.
  std::string exact = d->digits + "e" + std::to_string(d->exponent);
  double value = std::strtod(exact.c_str(), nullptr);
  if (!std::isfinite(value) || value > 1e30) {
    error = "\"" + std::string(text) + "\" is out of range";
    return std::nullopt;
  }
  return d->negative ? -value : value;
}

std::string format_grouped(std::int64_t n) {
  std::string digits = std::to_string(n), out;
  const std::size_t sign = n < 0 ? 1 : 0;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > sign && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string format_count(std::int64_t n) {
  const std::pair<double, const char*> units[] = {{1e12, "T"}, {1e9, "B"}, {1e6, "M"}};
  for (const auto& [scale, suffix] : units) {
    if (static_cast<double>(n) >= scale) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.4g%s", static_cast<double>(n) / scale, suffix);
      return buf;
    }
  }
  return format_grouped(n);
}

std::string format_amount(double v, int decimals) {
  char buf[64];
  const double magnitude = std::fabs(v);
  if (v != 0 && (magnitude >= 1e15 || magnitude < std::pow(10.0, -decimals))) {
    std::snprintf(buf, sizeof buf, "%.3g", v);
  } else {
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  }
  return buf;
}

}  // namespace lessonsim::calc
