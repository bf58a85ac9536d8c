// The desktop's message engine: ICU's MessageFormat for patterns, its NumberFormatter for numbers
// (CLDR's separators and grouping), its locale data for language names. A number a pattern
// writes is written by format_number, as lesson text writes it (icu_number_args.hpp).
#include <unicode/locid.h>
#include <unicode/messagepattern.h>
#include <unicode/msgfmt.h>
#include <unicode/numberformatter.h>
#include <unicode/parseerr.h>
#include <unicode/utypes.h>

#include <map>
#include <mutex>
#include <tuple>
#include <vector>

#include "icu_number_args.hpp"
#include "lessonsim/message_engine.hpp"

namespace lessonsim {

namespace {

icu::UnicodeString utf16(std::string_view s) {
  return icu::UnicodeString::fromUTF8(icu::StringPiece(s.data(), static_cast<int32_t>(s.size())));
}

icu::Locale icu_locale(std::string_view locale) {
  UErrorCode status = U_ZERO_ERROR;
  icu::Locale l = icu::Locale::forLanguageTag(std::string(locale), status);
  return U_SUCCESS(status) ? l : icu::Locale::getEnglish();
}

class IcuMessage final : public CompiledMessage {
 public:
  IcuMessage(std::unique_ptr<icu::MessageFormat> format, detail::NumberTextPattern rewritten,
             std::string_view locale)
      : format_(std::move(format)),
        offsets_(std::move(rewritten.offsets)),
        as_text_(rewritten.as_text),
        locale_(locale) {}

  std::optional<std::string> format(std::span<const FormatValue> values) const override {
    detail::NumberTextArgs args(locale_, as_text_);
    for (const FormatValue& v : values) {
      switch (v.kind) {
        case FormatValue::Kind::number:
          if (v.text.empty()) {
            args.number(v.name, v.number);
          } else {
            args.both(v.name, utf16(v.text), v.number);
          }
          break;
        case FormatValue::Kind::text:
          args.other(v.name, utf16(v.text));
          break;
        case FormatValue::Kind::date:
          args.other(v.name, icu::Formattable(v.number, icu::Formattable::kIsDate));
          break;
      }
    }
    args.fill(offsets_);
    icu::UnicodeString out;
    UErrorCode status = U_ZERO_ERROR;
    format_->format(args.names(), args.values(), args.count(), out, status);
    if (U_FAILURE(status)) return std::nullopt;
    std::string text;
    out.toUTF8String(text);
    return text;
  }

 private:
  std::unique_ptr<icu::MessageFormat> format_;  // made from the pattern with numbers as text
  std::vector<detail::OffsetSlot> offsets_;
  bool as_text_ = true;
  std::string locale_;
};

// Whether making the MessageFormat can still fail once the pattern parses: ICU makes and checks
// explicit formatters then (`{d, date, short}`, a number pattern) and counts numbered arguments.
// A plain `{n, number}` cannot fail, and a skeleton (`{n, number, ::group-off}`) is checked here
// as ICU checks it, without loading any locale's number data; a bad one sets `status`.
bool needs_making(const icu::MessagePattern& parsed, UErrorCode& status) {
  if (parsed.hasNumberedArguments()) return true;
  for (int32_t i = 0; i + 3 < parsed.countParts(); ++i) {
    const icu::MessagePattern::Part& part = parsed.getPart(i);
    if (part.getType() != UMSGPAT_PART_TYPE_ARG_START ||
        part.getArgType() != UMSGPAT_ARG_TYPE_SIMPLE)
      continue;
    if (parsed.getSubstring(parsed.getPart(i + 2)) != icu::UnicodeString(u"number")) return true;
    const icu::MessagePattern::Part& style = parsed.getPart(i + 3);
    if (style.getType() != UMSGPAT_PART_TYPE_ARG_STYLE) continue;
    const icu::UnicodeString text = parsed.getSubstring(style);
    if (!text.startsWith(icu::UnicodeString(u"::"))) return true;
    icu::number::NumberFormatter::forSkeleton(text.tempSubString(2), status);
    if (U_FAILURE(status)) return false;
  }
  return false;
}

using icu::number::LocalizedNumberFormatter;

// Making a formatter loads locale data; a frame formats hundreds of numbers in a few shapes.
const LocalizedNumberFormatter& number_formatter(std::string_view locale, int decimals,
                                                 bool keep_zeros) {
  static std::mutex mutex;
  static std::map<std::tuple<std::string, int, bool>, LocalizedNumberFormatter> cache;
  std::lock_guard lock(mutex);
  auto key = std::make_tuple(std::string(locale), decimals, keep_zeros);
  auto it = cache.find(key);
  if (it == cache.end()) {
    auto precision = keep_zeros ? icu::number::Precision::fixedFraction(decimals)
                                : icu::number::Precision::maxFraction(decimals);
    it = cache
             .emplace(
                 key,
                 icu::number::NumberFormatter::withLocale(icu_locale(locale)).precision(precision))
             .first;
  }
  return it->second;
}

class IcuEngine final : public MessageEngine {
 public:
  std::optional<PatternProblem> check(std::string_view pattern,
                                      std::string_view locale) const override {
    // Text without a brace is all literal to ICU, apostrophes included.
    if (pattern.find_first_of("{}") == std::string_view::npos) return std::nullopt;
    const icu::UnicodeString text = utf16(pattern);
    UParseError parse_error{};
    UErrorCode status = U_ZERO_ERROR;
    icu::MessagePattern parsed(status);
    parsed.parse(text, &parse_error, status);
    if (U_SUCCESS(status) && needs_making(parsed, status)) {
      icu::MessageFormat made(text, icu_locale(locale), parse_error, status);
    }
    if (U_SUCCESS(status)) return std::nullopt;
    return PatternProblem{u_errorName(status), static_cast<int>(parse_error.offset)};
  }

  std::unique_ptr<const CompiledMessage> compile(std::string_view pattern,
                                                 std::string_view locale) const override {
    detail::NumberTextPattern rewritten = detail::numbers_as_text(utf16(pattern));
    UParseError parse_error{};
    UErrorCode status = U_ZERO_ERROR;
    auto made = std::make_unique<icu::MessageFormat>(rewritten.pattern, icu_locale(locale),
                                                     parse_error, status);
    if (U_FAILURE(status)) return nullptr;
    return std::make_unique<IcuMessage>(std::move(made), std::move(rewritten), locale);
  }

  std::string format_decimals(double value, std::string_view locale, int decimals,
                              bool keep_zeros) const override {
    UErrorCode status = U_ZERO_ERROR;
    auto formatted = number_formatter(locale, decimals, keep_zeros).formatDouble(value, status);
    std::string out;
    if (U_SUCCESS(status)) formatted.toString(status).toUTF8String(out);
    return U_SUCCESS(status) ? out : std::string();
  }

  std::string language_name(std::string_view locale) const override {
    UErrorCode status = U_ZERO_ERROR;
    icu::Locale loc = icu::Locale::forLanguageTag(std::string(locale), status);
    icu::UnicodeString name;
    if (U_SUCCESS(status)) loc.getDisplayName(loc, name);
    std::string out;
    name.toUTF8String(out);
    return out;
  }

  // ICU's list of ISO 639 languages (two letters, and the three-letter codes it has data for).
  bool known_language(std::string_view language) const override {
    for (const char* const* l = icu::Locale::getISOLanguages(); *l; ++l) {
      if (language == *l) return true;
    }
    return false;
  }
};

}  // namespace

const MessageEngine& message_engine() {
  static const IcuEngine engine;
  return engine;
}

}  // namespace lessonsim
