// Numbers as each locale writes them, by ICU (CLDR's separators and grouping: "93,3" and
// "2500" in Spanish, "93.3" and "2,500" in English).
#include <unicode/locid.h>
#include <unicode/numberformatter.h>

#include <cmath>
#include <map>
#include <mutex>
#include <tuple>

#include "lessonsim/messages.hpp"
#include "lessonsim/text.hpp"

namespace lessonsim {

namespace {

using icu::number::LocalizedNumberFormatter;

// Making a formatter loads locale data; a frame formats hundreds of numbers in a few shapes.
const LocalizedNumberFormatter& formatter(std::string_view locale, int decimals, bool keep_zeros) {
  static std::mutex mutex;
  static std::map<std::tuple<std::string, int, bool>, LocalizedNumberFormatter> cache;
  std::lock_guard lock(mutex);
  auto key = std::make_tuple(std::string(locale), decimals, keep_zeros);
  auto it = cache.find(key);
  if (it == cache.end()) {
    UErrorCode status = U_ZERO_ERROR;
    icu::Locale loc = icu::Locale::forLanguageTag(std::string(locale), status);
    if (U_FAILURE(status)) loc = icu::Locale::getEnglish();
    auto precision = keep_zeros ? icu::number::Precision::fixedFraction(decimals)
                                : icu::number::Precision::maxFraction(decimals);
    it = cache.emplace(key, icu::number::NumberFormatter::withLocale(loc).precision(precision))
             .first;
  }
  return it->second;
}

}  // namespace

std::string format_decimals(double value, std::string_view locale, int decimals, bool keep_zeros) {
  if (!std::isfinite(value)) return "—";
  // A value that rounds to zero is written "0", never "-0".
  if (std::fabs(value) < 0.5 * std::pow(10.0, -decimals)) value = 0;
  UErrorCode status = U_ZERO_ERROR;
  auto formatted = formatter(locale, decimals, keep_zeros).formatDouble(value, status);
  std::string out;
  if (U_SUCCESS(status)) formatted.toString(status).toUTF8String(out);
  return U_SUCCESS(status) ? out : std::to_string(value);
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
