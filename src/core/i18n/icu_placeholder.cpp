#include "icu_placeholder.hpp"

#include <unicode/locid.h>
#include <unicode/msgfmt.h>

#include "lessonsim/text.hpp"
#include "number_args.hpp"

namespace lessonsim::detail {

namespace {

bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

icu::UnicodeString utf16(std::string_view s) {
  return icu::UnicodeString::fromUTF8(icu::StringPiece(s.data(), static_cast<int32_t>(s.size())));
}

icu::Locale icu_locale(std::string_view locale) {
  UErrorCode status = U_ZERO_ERROR;
  icu::Locale l = icu::Locale::forLanguageTag(std::string(locale), status);
  return U_SUCCESS(status) ? l : icu::Locale::getEnglish();
}

}  // namespace

std::optional<IcuArgument> icu_argument(std::string_view text, std::size_t open) {
  std::size_t k = open + 1;
  while (k < text.size() && text[k] == ' ')
    ++k;
  std::size_t name_start = k;
  while (k < text.size() && name_char(text[k]))
    ++k;
  if (k == name_start) return std::nullopt;
  IcuArgument out;
  out.name = std::string(text.substr(name_start, k - name_start));
  while (k < text.size() && text[k] == ' ')
    ++k;
  if (k >= text.size() || text[k] != ',') return std::nullopt;
  int depth = 0;
  for (std::size_t i = open; i < text.size(); ++i) {
    if (text[i] == '{') ++depth;
    if (text[i] == '}' && --depth == 0) {
      out.end = i + 1;
      break;
    }
  }
  if (out.end == 0) {
    out.error = "'{" + out.name + ", ...' is never closed";
    out.end = text.size();
    return out;
  }
  UParseError where{};
  UErrorCode status = U_ZERO_ERROR;
  icu::MessageFormat check(utf16(text.substr(open, out.end - open)), icu::Locale::getEnglish(),
                           where, status);
  if (U_FAILURE(status)) {
    out.error = "'{" + out.name + ", ...}' is not an ICU plural or select (" + u_errorName(status) +
                "), e.g. {gpus, plural, one {# GPU} other {# GPUs}}";
  }
  return out;
}

std::string render_icu_argument(std::string_view pattern, std::string_view locale,
                                const std::vector<VariableInfo>& variables,
                                std::span<const double> values) {
  std::optional<IcuArgument> arg = icu_argument(pattern, 0);
  // Its numbers as lesson text writes them, `#` included (number_args.hpp).
  NumberTextPattern rewritten = numbers_as_text(utf16(pattern));
  UParseError where{};
  UErrorCode status = U_ZERO_ERROR;
  icu::MessageFormat format(rewritten.pattern, icu_locale(locale), where, status);
  if (!arg || U_FAILURE(status)) return std::string(pattern);
  NumberTextArgs args(locale, rewritten.as_text);
  for (std::size_t k = 0; k < variables.size() && k < values.size(); ++k) {
    if (variables[k].type == ValueType::boolean) {
      // Written yes/no in the locale; a select chooses on its number, as a plural does.
      args.both(variables[k].name, utf16(format_bool(values[k] != 0.0, locale)), values[k]);
    } else {
      args.number(variables[k].name, values[k]);
    }
  }
  args.fill(rewritten.offsets);
  icu::UnicodeString out;
  format.format(args.names(), args.values(), args.count(), out, status);
  std::string text;
  if (U_SUCCESS(status)) out.toUTF8String(text);
  return U_SUCCESS(status) ? text : std::string(pattern);
}

}  // namespace lessonsim::detail
