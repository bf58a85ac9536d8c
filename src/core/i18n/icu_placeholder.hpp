// A lesson text's ICU argument, `{gpus, plural, one {# GPU} other {# GPUs}}`: found, checked and
// rendered here, so text.cpp's plain `{name}` placeholders and ICU's syntax share one scanner.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lessonsim/expr.hpp"

namespace lessonsim::detail {

struct IcuArgument {
  std::string name;     // the variable that selects (before the first ',')
  std::size_t end = 0;  // one past the closing brace
  std::string error;    // why the pattern does not parse; empty when it does
};

// When `text` at `open` (a '{') starts `{name, plural|select|selectordinal, ...}`, where it
// ends and what it selects on; nullopt for an ordinary placeholder.
std::optional<IcuArgument> icu_argument(std::string_view text, std::size_t open);

// The argument rendered by the message engine in `locale`: the selecting variable as a number, every other
// variable as the locale writes it (so `{gb}` inside a branch reads "13,3").
std::string render_icu_argument(std::string_view pattern, std::string_view locale,
                                const std::vector<VariableInfo>& variables,
                                std::span<const double> values);

}  // namespace lessonsim::detail
