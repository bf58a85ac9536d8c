#include "lessonsim/json_source.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <unordered_set>

namespace lessonsim {

namespace {

// The largest whole number a double holds exactly (2^53): past it, 2.0-style numbers could not
// be told from their neighbours, so they stay fractions and are refused where a count is read.
constexpr double max_exact = 9007199254740992.0;

class Parser {
 public:
  Parser(std::string_view text, Diagnostics& diags, JsonParseLimits limits)
      : s_(text), diags_(diags), limits_(limits) {}

  std::optional<JsonNode> run() {
    skip_bom();
    skip_space();
    if (at_end()) return fail("the file is empty; a lesson is one JSON object");
    JsonNode root;
    if (!value(root, 0)) return std::nullopt;
    skip_space();
    if (!at_end()) return fail("unexpected " + describe_here() + " after the end of the document");
    return root;
  }

 private:
  std::string_view s_;
  Diagnostics& diags_;
  JsonParseLimits limits_;
  std::size_t i_ = 0;
  int line_ = 1;
  int col_ = 1;

  bool at_end() const { return i_ >= s_.size(); }
  char peek() const { return s_[i_]; }
  SourcePos here() const { return {line_, col_}; }

  void advance() {
    unsigned char c = static_cast<unsigned char>(s_[i_++]);
    if (c == '\n') {
      ++line_;
      col_ = 1;
    } else if ((c & 0xC0) != 0x80 && c != '\r') {
      // Columns count characters, not bytes (continuation bytes add none), as editors show them.
      ++col_;
    }
  }

  std::nullopt_t fail(std::string message) {
    diags_.error(here(), std::move(message));
    return std::nullopt;
  }

  std::string describe_here() const {
    if (at_end()) return "end of file";
    unsigned char c = static_cast<unsigned char>(peek());
    if (c >= 0x20 && c < 0x7f) return std::string("'") + static_cast<char>(c) + "'";
    // Word processors and some editors turn " into curly quotes; name them, not their bytes.
    std::string_view rest = s_.substr(i_, 3);
    if (rest == "\xE2\x80\x9C" || rest == "\xE2\x80\x9D" || rest == "\xE2\x80\x98" ||
        rest == "\xE2\x80\x99") {
      return "a curly quote " + std::string(rest) + " (JSON needs straight double quotes \")";
    }
    char buf[16];
    std::snprintf(buf, sizeof buf, "byte 0x%02X", c);
    return buf;
  }

  void skip_bom() {
    if (s_.substr(0, 3) == "\xEF\xBB\xBF") i_ = 3;
  }

  void skip_space() {
    while (!at_end()) {
      char c = peek();
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        advance();
      } else {
        break;
      }
    }
  }

  bool literal(std::string_view word) {
    if (s_.substr(i_, word.size()) != word) return false;
    for (std::size_t k = 0; k < word.size(); ++k)
      advance();
    return true;
  }

  bool value(JsonNode& out, int depth) {
    if (depth > limits_.max_depth) {
      fail("nesting deeper than " + std::to_string(limits_.max_depth) + " levels");
      return false;
    }
    skip_space();
    out.pos = here();
    if (at_end()) return fail("unexpected end of file, expected a value"), false;
    char c = peek();
    switch (c) {
      case '{':
        return object(out, depth);
      case '[':
        return array(out, depth);
      case '"':
        out.type = JsonNode::Type::string;
        return string(out.text);
      case 't':
      case 'f':
      case 'n':
        if (literal("true")) {
          out.type = JsonNode::Type::boolean;
          out.boolean = true;
          return true;
        }
        if (literal("false")) {
          out.type = JsonNode::Type::boolean;
          return true;
        }
        if (literal("null")) return true;
        break;
      default:
        if (c == '-' || (c >= '0' && c <= '9')) return number(out);
    }
    if (c == '\'') return fail("strings use double quotes (\"), not single quotes"), false;
    fail("unexpected " + describe_here() + ", expected a value");
    return false;
  }

  bool object(JsonNode& out, int depth) {
    std::unordered_set<std::string> keys;
    out.type = JsonNode::Type::object;
    advance();
    skip_space();
    if (!at_end() && peek() == '}') return advance(), true;
    while (true) {
      skip_space();
      if (at_end()) return fail("unexpected end of file inside an object"), false;
      if (peek() != '"') {
        if (peek() == '}') return fail("trailing comma before '}'"), false;
        return fail("expected a key in double quotes, found " + describe_here()), false;
      }
      JsonMember m;
      m.key_pos = here();
      if (!string(m.key)) return false;
      // A linear scan suits the small objects lessons are made of; a set keeps a hostile file
      // with a hundred thousand keys from taking quadratic time.
      bool duplicate = false;
      if (out.members.size() < 32) {
        for (const auto& existing : out.members)
          duplicate = duplicate || existing.key == m.key;
      } else {
        if (keys.empty()) {
          for (const auto& existing : out.members)
            keys.insert(existing.key);
        }
        duplicate = !keys.insert(m.key).second;
      }
      if (duplicate) {
        diags_.error(m.key_pos, "duplicate key \"" + m.key + "\"");
        return false;
      }
      skip_space();
      if (at_end() || peek() != ':') {
        return fail("expected ':' after the key \"" + m.key + "\", found " + describe_here()),
               false;
      }
      advance();
      if (!value(m.value, depth + 1)) return false;
      out.members.push_back(std::move(m));
      skip_space();
      if (at_end()) return fail("unexpected end of file inside an object, expected '}'"), false;
      if (peek() == ',') {
        advance();
        continue;
      }
      if (peek() == '}') return advance(), true;
      return fail("expected ',' or '}' after an object member, found " + describe_here()), false;
    }
  }

  bool array(JsonNode& out, int depth) {
    out.type = JsonNode::Type::array;
    advance();
    skip_space();
    if (!at_end() && peek() == ']') return advance(), true;
    while (true) {
      JsonNode item;
      skip_space();
      if (!at_end() && peek() == ']') return fail("trailing comma before ']'"), false;
      if (!value(item, depth + 1)) return false;
      out.items.push_back(std::move(item));
      skip_space();
      if (at_end()) return fail("unexpected end of file inside an array, expected ']'"), false;
      if (peek() == ',') {
        advance();
        continue;
      }
      if (peek() == ']') return advance(), true;
      return fail("expected ',' or ']' after an array item, found " + describe_here()), false;
    }
  }

  static void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  bool hex4(std::uint32_t& cp) {
    cp = 0;
    for (int k = 0; k < 4; ++k) {
      if (at_end()) return fail("unexpected end of file in a \\u escape"), false;
      char h = peek();
      int v = (h >= '0' && h <= '9')   ? h - '0'
              : (h >= 'a' && h <= 'f') ? h - 'a' + 10
              : (h >= 'A' && h <= 'F') ? h - 'A' + 10
                                       : -1;
      if (v < 0) return fail("a \\u escape needs four hexadecimal digits"), false;
      cp = cp * 16 + static_cast<std::uint32_t>(v);
      advance();
    }
    return true;
  }

  // Length of the UTF-8 sequence starting at i_, or 0 when it is malformed.
  std::size_t utf8_length() const {
    auto b = [&](std::size_t k) { return static_cast<unsigned char>(s_[i_ + k]); };
    unsigned char c = b(0);
    std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i_ + n > s_.size()) return 0;
    for (std::size_t k = 1; k < n; ++k) {
      if ((b(k) & 0xC0) != 0x80) return 0;
    }
    if (n == 2 && c < 0xC2) return 0;
    return n;
  }

  bool string(std::string& out) {
    SourcePos start = here();
    advance();
    while (true) {
      if (at_end()) {
        diags_.error(start, "this string is never closed (missing '\"')");
        return false;
      }
      unsigned char c = static_cast<unsigned char>(peek());
      if (c == '"') {
        advance();
        return true;
      }
      if (c == '\n') {
        diags_.error(start, "this string runs past the end of its line (missing '\"')");
        return false;
      }
      if (c < 0x20) return fail("control character in a string; write it as an escape"), false;
      if (c == '\\') {
        advance();
        if (at_end()) return fail("unexpected end of file in an escape"), false;
        char e = peek();
        advance();
        switch (e) {
          case '"':
            out += '"';
            break;
          case '\\':
            out += '\\';
            break;
          case '/':
            out += '/';
            break;
          case 'b':
            out += '\b';
            break;
          case 'f':
            out += '\f';
            break;
          case 'n':
            out += '\n';
            break;
          case 'r':
            out += '\r';
            break;
          case 't':
            out += '\t';
            break;
          case 'u': {
            std::uint32_t cp = 0;
            if (!hex4(cp)) return false;
            if (cp >= 0xD800 && cp < 0xDC00) {
              std::uint32_t low = 0;
              if (!literal("\\u") || !hex4(low) || low < 0xDC00 || low > 0xDFFF) {
                return fail("a \\u surrogate must come in a high/low pair"), false;
              }
              cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
              return fail("a lone low surrogate in a \\u escape"), false;
            }
            append_utf8(out, cp);
            break;
          }
          default:
            return fail(std::string("unknown escape '\\") + e + "'"), false;
        }
        continue;
      }
      if (c < 0x80) {
        // Plain ASCII runs are the bulk of every lesson: copy them in one go.
        std::size_t end = i_ + 1;
        while (end < s_.size()) {
          unsigned char d = static_cast<unsigned char>(s_[end]);
          if (d < 0x20 || d >= 0x80 || d == '"' || d == '\\') break;
          ++end;
        }
        out.append(s_.substr(i_, end - i_));
        col_ += static_cast<int>(end - i_);
        i_ = end;
        continue;
      }
      std::size_t n = utf8_length();
      if (n == 0) return fail("invalid UTF-8 in a string; save the file as UTF-8"), false;
      out.append(s_.substr(i_, n));
      i_ += n;
      ++col_;
    }
  }

  bool number(JsonNode& out) {
    std::size_t start = i_;
    auto digits = [&] {
      std::size_t n = 0;
      while (!at_end() && peek() >= '0' && peek() <= '9') {
        advance();
        ++n;
      }
      return n;
    };
    bool integral = true;
    if (peek() == '-') advance();
    if (at_end()) return fail("a number needs digits"), false;
    if (peek() == '0') {
      advance();
      if (!at_end() && peek() >= '0' && peek() <= '9') {
        return fail("numbers may not start with a leading zero"), false;
      }
    } else if (digits() == 0) {
      return fail("a number needs digits"), false;
    }
    if (!at_end() && peek() == '.') {
      integral = false;
      advance();
      if (digits() == 0) return fail("a decimal point must be followed by digits"), false;
    }
    if (!at_end() && (peek() == 'e' || peek() == 'E')) {
      integral = false;
      advance();
      if (!at_end() && (peek() == '+' || peek() == '-')) advance();
      if (digits() == 0) return fail("an exponent needs digits"), false;
    }
    out.type = JsonNode::Type::number;
    out.text = std::string(s_.substr(start, i_ - start));
    const char* first = out.text.data();
    const char* last = first + out.text.size();
    auto parsed = std::from_chars(first, last, out.number);
    if (parsed.ec == std::errc::result_out_of_range || !std::isfinite(out.number)) {
      diags_.error(out.pos, "the number " + out.text + " is out of range");
      return false;
    }
    if (integral) {
      auto r = std::from_chars(first, last, out.integer);
      out.is_integer = r.ec == std::errc{};
    } else if (out.number == std::trunc(out.number) && std::fabs(out.number) <= max_exact) {
      // A number is whole by its value, as JSON Schema counts it: 2.0 and 2e3 are integers.
      out.integer = static_cast<std::int64_t>(out.number);
      out.is_integer = true;
    }
    return true;
  }
};

}  // namespace

std::optional<JsonNode> parse_json_source(std::string_view text, Diagnostics& diags,
                                          JsonParseLimits limits) {
  if (text.size() > limits.max_bytes) {
    diags.error({1, 1}, "the file is " + std::to_string(text.size() >> 20) +
                            " MiB; a lesson may be at most " +
                            std::to_string(limits.max_bytes >> 20) + " MiB");
    return std::nullopt;
  }
  return Parser(text, diags, limits).run();
}

}  // namespace lessonsim
