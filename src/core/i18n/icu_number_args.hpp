// Numbers inside ICU messages written as lesson text writes them (format_number), for the
// catalogs and for the plurals in lesson texts alike.
//
// ICU's MessageFormat writes `{n}`, `{n, number}` and a plural's `#` with its older number
// formatter, which ignores CLDR's minimum grouping digits: Spanish "1.280 GPU" in a message
// beside "1280 GPU" in lesson text. So the pattern is rewritten once, when it is made: those
// places read `{n}` as text, which the renderer fills with format_number's output, and whatever
// needs the number itself (a plural's or select's choice, a styled number such as
// `::compact-long`, a date) reads `{n__value}`, filled with the argument as it is.
#pragma once

#include <unicode/fmtable.h>
#include <unicode/unistr.h>

#include <string>
#include <string_view>
#include <vector>

namespace lessonsim::detail {

// A plural with an offset (`{n, plural, offset:1 ...}`) writes `#` as n - offset: its `#` reads
// `{slot}`, filled with format_number(n - offset).
struct OffsetSlot {
  std::string slot;
  std::string source;
  double offset = 0;
};

struct NumberTextPattern {
  icu::UnicodeString pattern;
  std::vector<OffsetSlot> offsets;
  // False when the pattern could not be rewritten and reads its numbers as numbers: one with
  // numbered arguments (`{0}`; `0__value` is not a name ICU accepts), or one ICU cannot parse.
  bool as_text = true;
};

// `pattern` rewritten as above.
NumberTextPattern numbers_as_text(const icu::UnicodeString& pattern);

// The arguments a rewritten pattern reads.
class NumberTextArgs {
 public:
  // For a pattern made by numbers_as_text: `as_text` is its NumberTextPattern's.
  NumberTextArgs(std::string_view locale, bool as_text) : locale_(locale), as_text_(as_text) {}
  // A number: `name` as format_number writes it in the locale, `name__value` the number (both
  // the number when the pattern was not rewritten).
  void number(std::string_view name, double value);
  // Anything else (text, a date): the same value under both names.
  void other(std::string_view name, const icu::Formattable& value);
  // `name` written as `text`, `name__value` as `value` (a yes/no that selects on its number).
  void both(std::string_view name, const icu::Formattable& text, const icu::Formattable& value);
  // Fills the pattern's offset slots from the numbers added so far; call once, last.
  void fill(const std::vector<OffsetSlot>& offsets);

  const icu::UnicodeString* names() const { return names_.data(); }
  const icu::Formattable* values() const { return values_.data(); }
  int count() const { return static_cast<int>(values_.size()); }

 private:
  std::string locale_;
  bool as_text_ = true;
  std::vector<icu::UnicodeString> names_;
  std::vector<icu::Formattable> values_;
  std::vector<std::pair<std::string, double>> numbers_;
};

}  // namespace lessonsim::detail
