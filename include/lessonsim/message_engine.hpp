// How ICU MessageFormat patterns and numbers become text in a locale: the one interface the
// catalogs and lesson texts render through. ICU implements it on the desktop
// (src/core/i18n/icu_engine.cpp), the browser's Intl with intl-messageformat in the browser build
// (src/web/intl_engine.cpp); each build links exactly one, and a test holds them to the same text.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace lessonsim {

// One argument of a message, by name.
struct FormatValue {
  enum class Kind {
    number,  // formatted by the pattern (`{n}`, `{n, number}`, plural and select keys)
    text,    // used as it is
    date,    // `number` is milliseconds since 1970-01-01 UTC
  };
  std::string name;
  Kind kind = Kind::text;
  double number = 0;
  // Kind::text: the text. Kind::number: when not empty, what is written where the pattern
  // writes the number itself (a yes or no that selects on its number); else the engine writes
  // the number as lesson text writes numbers (format_number).
  std::string text;
};

// A pattern made ready to format (ICU's MessageFormat, or a formatter in the browser).
class CompiledMessage {
 public:
  virtual ~CompiledMessage() = default;
  // The text with `values` filled in; nullopt when the engine cannot format them.
  virtual std::optional<std::string> format(std::span<const FormatValue> values) const = 0;
};

// Why a pattern is not a message, and where (UTF-8 byte offset into the pattern, or -1).
struct PatternProblem {
  std::string reason;  // the engine's name for it, e.g. U_PATTERN_SYNTAX_ERROR
  int offset = -1;
};

class MessageEngine {
 public:
  virtual ~MessageEngine() = default;
  // Whether `pattern` would compile and format in `locale`: checked once, at load.
  virtual std::optional<PatternProblem> check(std::string_view pattern,
                                              std::string_view locale) const = 0;
  // Null when the pattern does not compile.
  virtual std::unique_ptr<const CompiledMessage> compile(std::string_view pattern,
                                                         std::string_view locale) const = 0;
  // `decimals` digits after the separator (trailing zeros dropped unless `keep_zeros`), with the
  // locale's separators and CLDR's grouping; empty when the engine cannot.
  virtual std::string format_decimals(double value, std::string_view locale, int decimals,
                                      bool keep_zeros) const = 0;
  // The language's name in itself ("português (Brasil)"); empty when unknown.
  virtual std::string language_name(std::string_view locale) const = 0;
  // Whether `language` (a lower-case ISO 639 code) is one the engine has data for.
  virtual bool known_language(std::string_view language) const = 0;
};

// The build's engine: ICU's on the desktop, Intl's in the browser.
const MessageEngine& message_engine();

}  // namespace lessonsim
