#include "lessonsim/lint.hpp"

#include <charconv>

#include "lessonsim/text.hpp"
#include "lint_detail.hpp"
#include "lint_variants.hpp"

namespace lessonsim {

namespace lint_detail {

const JsonNode* node_at(const JsonNode& root, std::string_view pointer) {
  const JsonNode* node = &root;
  while (!pointer.empty() && node) {
    if (pointer.front() != '/') return nullptr;
    pointer.remove_prefix(1);
    std::size_t end = pointer.find('/');
    std::string_view raw = pointer.substr(0, end);
    pointer = end == std::string_view::npos ? std::string_view{} : pointer.substr(end);
    std::string token;
    for (std::size_t k = 0; k < raw.size(); ++k) {
      if (raw[k] == '~' && k + 1 < raw.size() && (raw[k + 1] == '0' || raw[k + 1] == '1')) {
        token += raw[k + 1] == '0' ? '~' : '/';
        ++k;
      } else {
        token += raw[k];
      }
    }
    if (node->is_object()) {
      node = node->find(token);
    } else if (node->is_array()) {
      std::size_t index = 0;
      auto [p, ec] = std::from_chars(token.data(), token.data() + token.size(), index);
      if (ec != std::errc{} || p != token.data() + token.size() || index >= node->items.size()) {
        return nullptr;
      }
      node = &node->items[index];
    } else {
      return nullptr;
    }
  }
  return node;
}

SourcePos pos_at(const JsonNode& root, const std::string& pointer) {
  const JsonNode* node = node_at(root, pointer);
  return node ? node->pos : SourcePos{};
}

}  // namespace lint_detail

int display_length(std::string_view text, int placeholder_chars) {
  int names = 0;
  int count = 0;
  for (const auto& found : placeholders(text)) {
    ++count;
    names += static_cast<int>(found.second.size()) + 2;
  }
  int chars = 0;
  for (char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++chars;
  }
  return chars - names + count * placeholder_chars;
}

void lint_lesson(const Lesson& lesson, const JsonNode& root, Diagnostics& diags,
                 const LintOptions& options) {
  std::vector<bool> refused = lint_detail::lint_states(lesson, root, diags, options);
  lint_detail::lint_texts(root, diags, options);
#ifndef __EMSCRIPTEN__  // the font check needs ICU (src/core/CMakeLists.txt)
  if (options.can_draw) lint_detail::lint_glyphs(root, diags, options);
#endif
  lint_variants(lesson, root, diags, options, refused);
  lint_detail::lint_flow(lesson, root, diags);
  lint_detail::lint_giveaway(lesson, diags);
}

void lint_lesson_source(const Lesson& lesson, std::string_view text, Diagnostics& diags,
                        const LintOptions& options) {
  Diagnostics parse_errors(diags.file());
  auto root = parse_json_source(text, parse_errors);
  if (root) lint_lesson(lesson, *root, diags, options);
}

}  // namespace lessonsim
