#include "lessonsim/pseudo_locale.hpp"

#include <array>

#include <nlohmann/json.hpp>

namespace lessonsim {

namespace {

// Each ASCII letter's accented stand-in, all in DejaVu Sans (Latin-1, Latin Extended-A and B,
// IPA, Latin Extended Additional), so the window draws them with its own font.
constexpr std::array<std::string_view, 26> lower = {"á", "ƀ", "ç", "ď", "é", "ƒ", "ĝ", "ĥ", "í",
                                                    "ĵ", "ķ", "ĺ", "ɱ", "ñ", "ó", "þ", "ǫ", "ŕ",
                                                    "š", "ť", "ú", "ṽ", "ŵ", "ẋ", "ý", "ž"};
constexpr std::array<std::string_view, 26> upper = {"Á", "Ɓ", "Ç", "Ď", "É", "Ƒ", "Ĝ", "Ĥ", "Í",
                                                    "Ĵ", "Ķ", "Ĺ", "Ṁ", "Ñ", "Ó", "Þ", "Ǫ", "Ŕ",
                                                    "Š", "Ť", "Ú", "Ṽ", "Ŵ", "Ẍ", "Ý", "Ž"};

// Words that pad a message: pseudo-text that reads as such, split where a line may wrap.
constexpr std::string_view padding_words = "one two three four five six seven eight nine ten";

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

void accent_char(char c, std::string& out) {
  if (c >= 'a' && c <= 'z') {
    out += lower[static_cast<std::size_t>(c - 'a')];
  } else if (c >= 'A' && c <= 'Z') {
    out += upper[static_cast<std::size_t>(c - 'A')];
  } else {
    out += c;
  }
}

class Pseudo {
 public:
  explicit Pseudo(std::string_view s) : s_(s) {}

  // Accents the message text up to an unmatched '}' (inside a plural) or the end.
  void message(std::string& out, bool nested) {
    while (i_ < s_.size()) {
      char c = s_[i_];
      if (!nested && (c == '{' || c == '}') && i_ + 1 < s_.size() && s_[i_ + 1] == c) {
        out.append(s_.substr(i_, 2));  // the lesson format's escaped brace
        i_ += 2;
      } else if (c == '{') {
        argument(out);
      } else if (c == '}') {
        if (nested) return;
        out += c, ++i_;
      } else if (c == '\'' && i_ + 1 < s_.size() && is_syntax(s_[i_ + 1])) {
        quoted(out);
      } else if (c == '#' && nested) {
        out += c, ++i_;
      } else {
        accent_char(c, out);
        ++i_;
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++visible_;  // not a continuation
      }
    }
  }

  int visible() const { return visible_; }

 private:
  static bool is_syntax(char c) {
    return c == '{' || c == '}' || c == '#' || c == '|' || c == '\'';
  }

  // ICU's quoting: from the apostrophe to the next one, copied; "''" is one apostrophe.
  void quoted(std::string& out) {
    std::size_t end = s_.find('\'', i_ + 1);
    if (s_[i_ + 1] == '\'') end = i_ + 1;
    if (end == std::string_view::npos) end = s_.size() - 1;
    out.append(s_.substr(i_, end - i_ + 1));
    i_ = end + 1;
  }

  // Copies from '{' to its matching '}', keeping everything but the messages of a plural or
  // select, which are accented.
  void argument(std::string& out) {
    std::size_t start = i_;
    std::size_t comma = s_.find_first_of(",{}", i_ + 1);
    if (comma == std::string_view::npos || s_[comma] != ',') {
      copy_balanced(out, start);
      return;
    }
    std::size_t type_start = comma + 1;
    std::size_t type_end = s_.find_first_of(",}", type_start);
    std::string_view type = type_end == std::string_view::npos
                                ? std::string_view{}
                                : trim(s_.substr(type_start, type_end - type_start));
    if ((type != "plural" && type != "select" && type != "selectordinal") || s_[type_end] != ',') {
      copy_balanced(out, start);
      return;
    }
    out.append(s_.substr(start, type_end + 1 - start));
    i_ = type_end + 1;
    // Selectors (and an `offset:n`) are copied; each `{message}` after one is accented.
    while (i_ < s_.size() && s_[i_] != '}') {
      if (s_[i_] == '{') {
        out += '{';
        ++i_;
        message(out, true);
        if (i_ < s_.size()) out += '}', ++i_;
      } else {
        out += s_[i_++];
      }
    }
    if (i_ < s_.size()) out += '}', ++i_;
  }

  void copy_balanced(std::string& out, std::size_t start) {
    int depth = 0;
    std::size_t k = start;
    for (; k < s_.size(); ++k) {
      if (s_[k] == '{') ++depth;
      if (s_[k] == '}' && --depth == 0) break;
    }
    std::size_t end = k < s_.size() ? k + 1 : s_.size();
    out.append(s_.substr(start, end - start));
    i_ = end;
  }

  static std::string_view trim(std::string_view v) {
    while (!v.empty() && is_space(v.front()))
      v.remove_prefix(1);
    while (!v.empty() && is_space(v.back()))
      v.remove_suffix(1);
    return v;
  }

  std::string_view s_;
  std::size_t i_ = 0;
  int visible_ = 0;
};

}  // namespace

std::string pseudo_accent(std::string_view english) {
  std::string out;
  out.reserve(english.size() * 2);
  Pseudo(english).message(out, false);
  return out;
}

std::string pseudo_localize(std::string_view english) {
  if (english.empty()) return {};
  std::string body;
  body.reserve(english.size() * 2 + 32);
  Pseudo p(english);
  p.message(body, false);
  // About 30% more visible characters, in whole words, so a line can still wrap between them.
  int wanted = (p.visible() * 3 + 9) / 10;
  std::string padding;
  std::size_t k = 0;
  while (static_cast<int>(padding.size()) < wanted) {
    std::size_t end = padding_words.find(' ', k);
    if (!padding.empty()) padding += ' ';
    padding += padding_words.substr(k, end - k);
    k = end == std::string_view::npos ? 0 : end + 1;
  }
  std::string out = "⟦" + body + " ";
  for (char c : padding)
    accent_char(c, out);
  out += "⟧";
  return out;
}

std::string pseudo_catalog(std::string_view english_json) {
  auto en = nlohmann::ordered_json::parse(english_json, nullptr, false);
  if (!en.is_object()) return "{}";
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const auto& [id, pattern] : en.items()) {
    if (pattern.is_string()) out[id] = pseudo_localize(pattern.get<std::string>());
  }
  return out.dump(1);
}

}  // namespace lessonsim
