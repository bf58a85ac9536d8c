#include "icu_placeholder.hpp"

#include "lessonsim/message_engine.hpp"
#include "lessonsim/text.hpp"

namespace lessonsim::detail {

namespace {

bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
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
  if (auto problem = message_engine().check(text.substr(open, out.end - open), "en")) {
    out.error = "'{" + out.name + ", ...}' is not an ICU plural or select (" + problem->reason +
                "), e.g. {gpus, plural, one {# GPU} other {# GPUs}}";
  }
  return out;
}

std::string render_icu_argument(std::string_view pattern, std::string_view locale,
                                const std::vector<VariableInfo>& variables,
                                std::span<const double> values) {
  std::optional<IcuArgument> arg = icu_argument(pattern, 0);
  auto format = message_engine().compile(pattern, locale);
  if (!arg || !format) return std::string(pattern);
  std::vector<FormatValue> args;
  for (std::size_t k = 0; k < variables.size() && k < values.size(); ++k) {
    FormatValue& v = args.emplace_back();
    v.name = variables[k].name;
    v.kind = FormatValue::Kind::number;
    v.number = values[k];
    // Written yes/no in the locale; a select chooses on its number, as a plural does. A number
    // is written by the engine as lesson text writes it.
    if (variables[k].type == ValueType::boolean) v.text = format_bool(values[k] != 0.0, locale);
  }
  return format->format(args).value_or(std::string(pattern));
}

}  // namespace lessonsim::detail
