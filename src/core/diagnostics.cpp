#include "lessonsim/diagnostics.hpp"

#include <algorithm>

#include "lessonsim/bundle.hpp"

namespace lessonsim {

void Diagnostics::error(SourcePos pos, std::string message, std::string pointer,
                        std::string suggestion) {
  items_.push_back(
      {Severity::error, file_, pos, std::move(message), std::move(pointer), std::move(suggestion)});
}

void Diagnostics::warning(SourcePos pos, std::string message, std::string pointer,
                          std::string suggestion) {
  items_.push_back({Severity::warning, file_, pos, std::move(message), std::move(pointer),
                    std::move(suggestion)});
}

bool Diagnostics::has_errors() const {
  return error_count() > 0;
}

int Diagnostics::error_count() const {
  return static_cast<int>(std::count_if(items_.begin(), items_.end(), [](const Diagnostic& d) {
    return d.severity == Severity::error;
  }));
}

std::string format_gcc(const Diagnostic& d) {
  // A file unpacked from a course bundle is named as inside the bundle.
  std::string out = bundle_display_path(d.file);
  if (d.pos.line > 0) {
    out += ':' + std::to_string(d.pos.line) + ':' + std::to_string(d.pos.column);
  }
  out += d.severity == Severity::error ? ": error: " : ": warning: ";
  out += d.message;
  if (!d.pointer.empty()) out += " (at " + d.pointer + ")";
  return out;
}

// Optimal string alignment distance: a swap of two neighbours ("spilt") costs one edit, as a
// typo does.
int edit_distance(const std::string& a, const std::string& b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<int>> d(n + 1, std::vector<int>(m + 1));
  for (std::size_t i = 0; i <= n; ++i)
    d[i][0] = static_cast<int>(i);
  for (std::size_t j = 0; j <= m; ++j)
    d[0][j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= n; ++i) {
    for (std::size_t j = 1; j <= m; ++j) {
      int cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[n][m];
}

std::string closest_name(const std::string& word, const std::vector<std::string>& candidates) {
  std::string best;
  int best_distance = 0;
  if (word.size() > 64) return {};
  for (const auto& c : candidates) {
    int d = edit_distance(word, c);
    if (best.empty() || d < best_distance) {
      best = c;
      best_distance = d;
    }
  }
  // A third of the word, at least 1 and at most 3 edits, counts as a typo.
  int allowed = std::clamp(static_cast<int>(word.size()) / 3, 1, 3);
  if (!best.empty() && best_distance <= allowed) return best;
  // A name cut short ("overflow" for "overflow_gb") is as likely as a typo.
  for (const auto& c : candidates) {
    if (word.size() >= 3 && c.size() > word.size() && c.compare(0, word.size(), word) == 0) {
      return c;
    }
  }
  return {};
}

}  // namespace lessonsim
