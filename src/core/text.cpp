#include "lessonsim/text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "i18n/icu_placeholder.hpp"
#include "lessonsim/messages.hpp"
#include "placeholder.hpp"

namespace lessonsim {

std::string LocalizedText::in(std::string_view locale) const {
  if (!message.empty()) return tr(locale, message);
  if (auto it = by_locale.find(locale); it != by_locale.end()) return it->second;
  if (auto it = by_locale.find(fallback_locale); it != by_locale.end()) return it->second;
  return by_locale.empty() ? std::string() : by_locale.begin()->second;
}

LocalizedText LocalizedText::of(Message m) {
  LocalizedText t;
  t.message = std::move(m);
  return t;
}

namespace {

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

}  // namespace

namespace detail {

PlaceholderParts split_placeholder(std::string_view content) {
  PlaceholderParts out;
  std::size_t colon = content.find(':');
  std::string_view expr = content.substr(0, colon);
  std::size_t first = expr.find_first_not_of(' ');
  std::size_t last = expr.find_last_not_of(' ');
  if (first != std::string_view::npos) {
    out.expr = expr.substr(first, last - first + 1);
    out.expr_offset = static_cast<int>(first);
  }
  if (colon == std::string_view::npos) return out;
  std::string_view format = content.substr(colon + 1);
  if (format.size() < 2 || format[0] != '.' || format[1] < '0' || format[1] > '9') {
    out.error = "after ':' comes the number of decimals, e.g. {x:.1} or {x:.0 GB}";
    return out;
  }
  std::size_t k = 1;
  int decimals = 0;
  while (k < format.size() && format[k] >= '0' && format[k] <= '9')
    decimals = std::min(decimals * 10 + (format[k++] - '0'), 99);
  if (decimals > max_decimals) {
    out.error = "at most " + std::to_string(max_decimals) + " decimals";
    return out;
  }
  out.decimals = decimals;
  if (k < format.size()) {
    if (format[k] != ' ' || k + 1 == format.size()) {
      out.error = "a unit follows the decimals after one space, e.g. {x:.1 GB}";
      return out;
    }
    out.unit = std::string(format.substr(k + 1));
  }
  return out;
}

}  // namespace detail

std::vector<std::pair<int, std::string>> placeholders(
    std::string_view text, const std::function<void(int, std::string)>& on_error) {
  std::vector<std::pair<int, std::string>> out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '{' && i + 1 < text.size() && text[i + 1] == '{') {
      ++i;
    } else if (c == '}' && i + 1 < text.size() && text[i + 1] == '}') {
      ++i;
    } else if (c == '{') {
      if (auto icu = detail::icu_argument(text, i)) {
        if (!icu->error.empty() && on_error) on_error(static_cast<int>(i), icu->error);
        out.emplace_back(static_cast<int>(i), icu->name);
        i = icu->end - 1;
        continue;
      }
      auto close = text.find('}', i);
      if (close == std::string_view::npos) {
        if (on_error) on_error(static_cast<int>(i), "'{' is never closed; write '{{' for a brace");
        return out;
      }
      std::string name(text.substr(i + 1, close - i - 1));
      if (name.find_first_not_of(' ') == std::string::npos || name.find('{') != std::string::npos) {
        if (on_error) {
          on_error(static_cast<int>(i),
                   "'{" + name + "}' holds no variable or expression; write '{{' for a brace");
        }
      } else {
        out.emplace_back(static_cast<int>(i), std::move(name));
      }
      i = close;
    } else if (c == '}') {
      if (on_error) on_error(static_cast<int>(i), "a lone '}'; write '}}' for a brace");
    }
  }
  return out;
}

namespace {

// One placeholder's text: a variable as before, or an expression with its format. The loader
// has checked every placeholder, so one that does not compile here is left as written.
std::optional<std::string> fill(std::string_view content, std::string_view locale,
                                const std::vector<VariableInfo>& variables,
                                std::span<const double> values) {
  bool plain = !content.empty() && std::all_of(content.begin(), content.end(), is_name_char);
  if (plain) {
    for (std::size_t k = 0; k < variables.size() && k < values.size(); ++k) {
      if (variables[k].name != content) continue;
      return variables[k].type == ValueType::boolean ? format_bool(values[k] != 0.0, locale)
                                                     : format_number(values[k], locale);
    }
    return std::nullopt;
  }
  detail::PlaceholderParts parts = detail::split_placeholder(content);
  if (!parts.error.empty()) return std::nullopt;
  ExprError error;
  auto e = Expression::compile(parts.expr, variables, error);
  if (!e) return std::nullopt;
  double v = e->evaluate(values);
  std::string out = e->type() == ValueType::boolean ? format_bool(v != 0.0, locale)
                    : parts.decimals ? format_decimals(v, locale, *parts.decimals, true)
                                     : format_number(v, locale);
  if (!parts.unit.empty()) out += " " + parts.unit;
  return out;
}

}  // namespace

std::string render(std::string_view text, std::string_view locale,
                   const std::vector<VariableInfo>& variables, std::span<const double> values) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if ((c == '{' || c == '}') && i + 1 < text.size() && text[i + 1] == c) {
      out += c;
      ++i;
      continue;
    }
    if (c == '{') {
      if (auto icu = detail::icu_argument(text, i)) {
        out += detail::render_icu_argument(text.substr(i, icu->end - i), locale, variables, values);
        i = icu->end - 1;
        continue;
      }
      auto close = text.find('}', i);
      if (close != std::string_view::npos) {
        if (auto filled = fill(text.substr(i + 1, close - i - 1), locale, variables, values)) {
          out += *filled;
          i = close;
          continue;
        }
      }
    }
    out += c;
  }
  return out;
}

}  // namespace lessonsim
