#include "lessonsim/text.hpp"

#include <cmath>
#include <cstdio>

namespace lessonsim {

const std::string& LocalizedText::in(std::string_view locale) const {
  static const std::string none;
  if (auto it = by_locale.find(locale); it != by_locale.end()) return it->second;
  if (auto it = by_locale.find(std::string_view("en")); it != by_locale.end()) return it->second;
  return by_locale.empty() ? none : by_locale.begin()->second;
}

LocalizedText LocalizedText::both(std::string es, std::string en) {
  LocalizedText t;
  t.by_locale.emplace("es", std::move(es));
  t.by_locale.emplace("en", std::move(en));
  return t;
}

std::string format_number(double value, std::string_view locale) {
  if (!std::isfinite(value)) return "—";
  bool spanish = locale == "es";
  double magnitude = std::fabs(value);
  int decimals = magnitude >= 10 ? 1 : 2;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, magnitude);
  std::string digits(buf);
  auto dot = digits.find('.');
  std::string whole = digits.substr(0, dot);
  std::string fraction = dot == std::string::npos ? "" : digits.substr(dot + 1);
  while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
  // Spanish groups thousands only from five digits on (RAE: 2.500 is written 2500).
  std::string grouped;
  bool group = whole.size() > (spanish ? 4u : 3u);
  for (std::size_t k = 0; k < whole.size(); ++k) {
    if (group && k > 0 && (whole.size() - k) % 3 == 0) grouped += spanish ? '.' : ',';
    grouped += whole[k];
  }
  std::string out = (value < 0 && (grouped != "0" || !fraction.empty())) ? "-" : "";
  out += grouped;
  if (!fraction.empty()) out += (spanish ? ',' : '.') + fraction;
  return out;
}

std::string format_bool(bool value, std::string_view locale) {
  if (locale == "es") return value ? "sí" : "no";
  return value ? "yes" : "no";
}

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
      auto close = text.find('}', i);
      if (close == std::string_view::npos) {
        if (on_error) on_error(static_cast<int>(i), "'{' is never closed; write '{{' for a brace");
        return out;
      }
      std::string name(text.substr(i + 1, close - i - 1));
      if (name.empty() || name.find_first_of("{ ") != std::string::npos) {
        if (on_error) on_error(static_cast<int>(i), "'{" + name + "}' is not a variable name");
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
      auto close = text.find('}', i);
      if (close != std::string_view::npos) {
        std::string_view name = text.substr(i + 1, close - i - 1);
        for (std::size_t k = 0; k < variables.size() && k < values.size(); ++k) {
          if (variables[k].name == name) {
            out += variables[k].type == ValueType::boolean
                       ? format_bool(values[k] != 0.0, locale)
                       : format_number(values[k], locale);
            i = close;
            break;
          }
        }
        if (i == close) continue;
      }
    }
    out += c;
  }
  return out;
}

}  // namespace lessonsim
