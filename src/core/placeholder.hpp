// What one `{…}` in a lesson text holds: an expression over the machine's variables and an
// optional format, `{train_gb / serve_gb:.1}` or `{model_gb / gpus:.0 GB}` (shared by the loader,
// which checks it, and the renderer, which fills it).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace lessonsim::detail {

struct PlaceholderParts {
  std::string_view expr;        // before the ':', spaces trimmed
  int expr_offset = 0;          // where `expr` starts within the placeholder's content
  std::optional<int> decimals;  // `.N`: exactly N decimals
  std::string unit;             // what follows the decimals, after one space
  std::string error;            // why the format part is malformed; empty when it is fine
};

PlaceholderParts split_placeholder(std::string_view content);

inline constexpr int max_decimals = 6;

}  // namespace lessonsim::detail
