#include "lessonsim/diagnostics.hpp"

#include <algorithm>

namespace lessonsim {

void Diagnostics::error(SourcePos pos, std::string message, std::string pointer,
                        std::string suggestion) {
  items_.push_back({Severity::error, file_, pos, std::move(message), std::move(pointer),
                    std::move(suggestion)});
}

void Diagnostics::warning(SourcePos pos, std::string message, std::string pointer,
                          std::string suggestion) {
  items_.push_back({Severity::warning, file_, pos, std::move(message), std::move(pointer),
                    std::move(suggestion)});
}

bool Diagnostics::has_errors() const { return error_count() > 0; }

int Diagnostics::error_count() const {
  return static_cast<int>(std::count_if(items_.begin(), items_.end(), [](const Diagnostic& d) {
    return d.severity == Severity::error;
  }));
}

std::string format_gcc(const Diagnostic& d) {
  std::string out = d.file;
  if (d.pos.line > 0) {
    out += ':' + std::to_string(d.pos.line) + ':' + std::to_string(d.pos.column);
  }
  out += d.severity == Severity::error ? ": error: " : ": warning: ";
  out += d.message;
  if (!d.pointer.empty()) out += " (at " + d.pointer + ")";
  return out;
}

int edit_distance(const std::string& a, const std::string& b) {
  std::vector<int> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = static_cast<int>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    int diagonal = row[0];
    row[0] = static_cast<int>(i);
    for (size_t j = 1; j <= b.size(); ++j) {
      int above = row[j];
      int cost = a[i - 1] == b[j - 1] ? 0 : 1;
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + cost});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string closest_name(const std::string& word, const std::vector<std::string>& candidates) {
  std::string best;
  int best_distance = 0;
  for (const auto& c : candidates) {
    int d = edit_distance(word, c);
    if (best.empty() || d < best_distance) {
      best = c;
      best_distance = d;
    }
  }
  // A third of the word, at least 1 and at most 3 edits, counts as a typo.
  int allowed = std::clamp(static_cast<int>(word.size()) / 3, 1, 3);
  return !best.empty() && best_distance <= allowed ? best : std::string{};
}

}  // namespace lessonsim
