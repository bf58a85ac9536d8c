#include "lessonsim/json_edit.hpp"

#include <algorithm>
#include <cctype>

namespace lessonsim {

std::size_t offset_of(std::string_view text, SourcePos pos) {
  std::size_t i = 0;
  for (int line = 1; line < pos.line && i < text.size(); ++i) {
    if (text[i] == '\n') ++line;
  }
  for (int col = 1; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if ((c & 0xC0) == 0x80 || c == '\r') continue;
    if (col == pos.column) break;
    ++col;
  }
  return i;
}

std::size_t closing_bracket(std::string_view text, std::size_t open) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = open; i < text.size(); ++i) {
    char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      ++depth;
    } else if ((c == ']' || c == '}') && --depth == 0) {
      return i;
    }
  }
  return std::string_view::npos;
}

std::size_t value_end(std::string_view text, std::size_t start) {
  if (start >= text.size()) return text.size();
  char c = text[start];
  if (c == '{' || c == '[') {
    std::size_t close = closing_bracket(text, start);
    return close == std::string_view::npos ? text.size() : close + 1;
  }
  if (c == '"') {
    for (std::size_t i = start + 1; i < text.size(); ++i) {
      if (text[i] == '\\') {
        ++i;
      } else if (text[i] == '"') {
        return i + 1;
      }
    }
    return text.size();
  }
  std::size_t i = start;
  while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])) && text[i] != ',' &&
         text[i] != '}' && text[i] != ']') {
    ++i;
  }
  return i;
}

std::string line_indent(std::string_view text, std::size_t at) {
  std::size_t start = at == 0 ? std::string_view::npos : text.rfind('\n', at - 1);
  start = start == std::string_view::npos ? 0 : start + 1;
  std::size_t end = start;
  while (end < text.size() && (text[end] == ' ' || text[end] == '\t'))
    ++end;
  return std::string(text.substr(start, end - start));
}

std::string line_ends_like(std::string_view text, std::string insert) {
  if (text.find("\r\n") == std::string_view::npos) return insert;
  std::string out;
  for (char c : insert) {
    if (c == '\n') out += '\r';
    out += c;
  }
  return out;
}

std::string json_text(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

namespace {

bool same_line(std::string_view text, std::size_t a, std::size_t b) {
  if (a > b) std::swap(a, b);
  return text.substr(a, b - a).find('\n') == std::string_view::npos;
}

// `"key": value` placed after the value that ends at `end`, on the same line when `inline_` is
// true, else on a new line indented like the member whose key starts at `like`.
TextEdit member_after(std::string_view text, std::size_t end, std::size_t like, bool inline_,
                      const std::string& key, const nlohmann::json& value) {
  std::string member = json_text(key) + ": " + json_text(value);
  std::string with = inline_ ? ", " + member : ",\n" + line_indent(text, like) + member;
  return {end, 0, line_ends_like(text, with)};
}

}  // namespace

TextEdit set_member(std::string_view text, const JsonNode& object, const std::string& key,
                    const nlohmann::json& value) {
  if (const JsonMember* m = object.find_member(key)) {
    std::size_t start = offset_of(text, m->value.pos);
    return {start, value_end(text, start) - start, json_text(value)};
  }
  std::size_t open = offset_of(text, object.pos);
  if (object.members.empty()) {
    return {open + 1, 0, json_text(key) + ": " + json_text(value)};
  }
  const JsonMember& last = object.members.back();
  std::size_t last_key = offset_of(text, last.key_pos);
  std::size_t end = value_end(text, offset_of(text, last.value.pos));
  // Members one to a line keep that layout; members sharing a line take one more there.
  std::size_t before = object.members.size() > 1
                           ? offset_of(text, object.members[object.members.size() - 2].key_pos)
                           : open;
  return member_after(text, end, last_key, same_line(text, before, last_key), key, value);
}

TextEdit add_member_after(std::string_view text, const JsonNode& object, const std::string& after,
                          const std::string& key, const nlohmann::json& value) {
  const JsonMember* m = object.find_member(after);
  if (!m || m == &object.members.back()) return set_member(text, object, key, value);
  std::size_t key_at = offset_of(text, m->key_pos);
  std::size_t end = value_end(text, offset_of(text, m->value.pos));
  bool shares = false;
  for (std::size_t k = 0; k + 1 < object.members.size(); ++k) {
    if (&object.members[k] == m) {
      shares = same_line(text, key_at, offset_of(text, object.members[k + 1].key_pos));
    }
  }
  return member_after(text, end, key_at, shares, key, value);
}

TextEdit append_item(std::string_view text, const JsonNode& array, const nlohmann::json& value) {
  std::size_t open = offset_of(text, array.pos);
  if (array.items.empty()) return {open + 1, 0, json_text(value)};
  std::size_t last = offset_of(text, array.items.back().pos);
  std::size_t end = value_end(text, last);
  std::size_t before =
      array.items.size() > 1 ? offset_of(text, array.items[array.items.size() - 2].pos) : open;
  std::string with = same_line(text, before, last)
                         ? ", " + json_text(value)
                         : ",\n" + line_indent(text, last) + json_text(value);
  return {end, 0, line_ends_like(text, with)};
}

std::string apply_edits(std::string text, std::vector<TextEdit> edits) {
  std::sort(edits.begin(), edits.end(),
            [](const TextEdit& a, const TextEdit& b) { return a.at > b.at; });
  for (const TextEdit& e : edits)
    text.replace(e.at, e.length, e.with);
  return text;
}

}  // namespace lessonsim
