// Text in several languages, and how `{variable}` placeholders and numbers read in each.
#pragma once

#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lessonsim/expr.hpp"
#include "lessonsim/message.hpp"

namespace lessonsim {

// A text for the learner: a lesson's own words in each of its locales, or a catalog message
// (what the core says itself, e.g. a refusal). Looking up a missing locale falls back to
// English, then to any locale, so a learner never sees an empty panel.
struct LocalizedText {
  std::map<std::string, std::string, std::less<>> by_locale;
  Message message;  // when set, the text is this message rendered from the catalogs

  std::string in(std::string_view locale) const;
  bool empty() const { return by_locale.empty() && message.empty(); }
  static LocalizedText of(Message m);
};

// A number as the locale writes it, by ICU: "93.3" / "93,3", "100,000" / "100.000", "2,500" /
// "2500". Whole numbers keep no decimals; others keep one (two below 10), trailing zeros dropped.
std::string format_number(double value, std::string_view locale);

// A size in gigabytes as the locale writes it, with its unit: "93,3 GB".
std::string format_gb(double gb, std::string_view locale);

// `decimals` digits after the separator; trailing zeros dropped unless `keep_zeros`.
std::string format_decimals(double value, std::string_view locale, int decimals, bool keep_zeros);

// "yes"/"no" in the locale.
std::string format_bool(bool value, std::string_view locale);

// The placeholder names used in `text` ({name}; "{{" and "}}" stand for braces), in order.
// Reports a malformed placeholder through `on_error(offset, message)`.
std::vector<std::pair<int, std::string>> placeholders(
    std::string_view text, const std::function<void(int, std::string)>& on_error = {});

// `text` with each {name} replaced by the variable's value in the locale.
std::string render(std::string_view text, std::string_view locale,
                   const std::vector<VariableInfo>& variables, std::span<const double> values);

}  // namespace lessonsim
