// The order a formula machine evaluates its derived variables in, and the cycle when there is
// none.
#include <algorithm>
#include <cctype>

#include "read.hpp"

namespace lessonsim::detail {

// The derived variables an expression names, read from its text (numbers and calls skipped).
std::vector<int> derived_named(const std::string& text, const std::vector<std::string>& derived) {
  std::vector<int> out;
  for (std::size_t i = 0; i < text.size();) {
    auto c = static_cast<unsigned char>(text[i]);
    if (std::isdigit(c) || c == '.') {
      while (i < text.size() &&
             (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '.'))
        ++i;
      continue;
    }
    if (!std::isalpha(c) && c != '_') {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() &&
           (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_'))
      ++end;
    std::size_t after = end;
    while (after < text.size() && text[after] == ' ')
      ++after;
    auto it = std::find(derived.begin(), derived.end(), text.substr(i, end - i));
    const bool call = after < text.size() && text[after] == '(';
    if (it != derived.end() && !call) out.push_back(static_cast<int>(it - derived.begin()));
    i = end;
  }
  return out;
}

bool order_derived(const std::vector<std::vector<int>>& reads, std::vector<int>& order,
                   std::vector<int>& cycle) {
  const auto n = reads.size();
  std::vector<int> state(n, 0);  // 0 unvisited, 1 on the path, 2 done
  std::vector<int> path;
  // Depth-first, iteratively, so a long chain of variables cannot exhaust the stack.
  for (std::size_t start = 0; start < n; ++start) {
    if (state[start]) continue;
    std::vector<std::pair<int, std::size_t>> stack{{static_cast<int>(start), 0}};
    state[start] = 1;
    path = {static_cast<int>(start)};
    while (!stack.empty()) {
      auto& [v, next] = stack.back();
      const auto& deps = reads[static_cast<std::size_t>(v)];
      if (next < deps.size()) {
        int w = deps[next++];
        if (state[static_cast<std::size_t>(w)] == 1) {
          auto from = std::find(path.begin(), path.end(), w);
          cycle.assign(from, path.end());
          cycle.push_back(w);
          return false;
        }
        if (state[static_cast<std::size_t>(w)] == 0) {
          state[static_cast<std::size_t>(w)] = 1;
          path.push_back(w);
          stack.push_back({w, 0});
        }
      } else {
        state[static_cast<std::size_t>(v)] = 2;
        order.push_back(v);
        path.pop_back();
        stack.pop_back();
      }
    }
  }
  return true;
}

}  // namespace lessonsim::detail
