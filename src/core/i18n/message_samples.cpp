#include "lessonsim/message_samples.hpp"

#include <array>
#include <cctype>

namespace lessonsim {

namespace {

// A reader of ICU MessageFormat syntax, enough to find the arguments: apostrophe quoting,
// `{name}`, `{name, type[, style]}` and the sub-messages of plural, selectordinal and select.
class ArgumentReader {
 public:
  ArgumentReader(std::string_view p, std::map<std::string, std::string>& out) : p_(p), out_(out) {}

  // Message text up to an unmatched '}' (or the end); `depth` bounds the nesting.
  void message(int depth) {
    while (i_ < p_.size() && depth < 32) {
      char c = p_[i_];
      if (c == '\'') {
        quoted();
      } else if (c == '{') {
        ++i_;
        argument(depth);
      } else if (c == '}') {
        return;
      } else {
        ++i_;
      }
    }
  }

 private:
  void quoted() {
    ++i_;
    if (i_ < p_.size() && p_[i_] == '\'') {
      ++i_;
      return;
    }
    if (i_ >= p_.size() || std::string_view("{}#|").find(p_[i_]) == std::string_view::npos) return;
    std::size_t end = p_.find('\'', i_);
    i_ = end == std::string_view::npos ? p_.size() : end + 1;
  }
  void spaces() {
    while (i_ < p_.size() && std::isspace(static_cast<unsigned char>(p_[i_])))
      ++i_;
  }
  std::string word() {
    spaces();
    std::size_t start = i_;
    while (i_ < p_.size() && (std::isalnum(static_cast<unsigned char>(p_[i_])) || p_[i_] == '_' ||
                              p_[i_] == '=' || p_[i_] == ':' || p_[i_] == '-' || p_[i_] == '.'))
      ++i_;
    return std::string(p_.substr(start, i_ - start));
  }
  // After a '{': `name}` or `name, type ...}`.
  void argument(int depth) {
    std::string name = word();
    spaces();
    if (i_ < p_.size() && p_[i_] == '}') {
      ++i_;
      out_.try_emplace(name, "plain");
      return;
    }
    if (i_ >= p_.size() || p_[i_] != ',') return;
    ++i_;
    std::string type = word();
    spaces();
    const bool choices = type == "plural" || type == "selectordinal" || type == "select";
    out_[name] = type == "date" || type == "time" ? "date" : type == "select" ? "select" : "number";
    if (!choices) {
      while (i_ < p_.size() && p_[i_] != '}')
        ++i_;
      ++i_;
      return;
    }
    if (i_ < p_.size() && p_[i_] == ',') ++i_;
    // Keys (offset:1, =0, one, other) each followed by {a sub-message}.
    while (i_ < p_.size()) {
      spaces();
      if (p_[i_] == '}') {
        ++i_;
        return;
      }
      if (p_[i_] == '{') {
        ++i_;
        message(depth + 1);
        ++i_;
      } else if (word().empty()) {
        return;
      }
    }
  }

  std::string_view p_;
  std::map<std::string, std::string>& out_;
  std::size_t i_ = 0;
};

constexpr std::array<double, 7> sample_numbers = {0, 1, 2, 21, 2500, 1234567.5, 0.25};
constexpr std::int64_t sample_day = 20789;  // 2026-12-02

Message sample(const std::string& id, const std::map<std::string, std::string>& args, double n,
               bool plain_numbers) {
  Message m(id);
  for (const auto& [name, use] : args) {
    if (use == "number" || (use == "plain" && plain_numbers)) {
      m.num(name, n);
    } else if (use == "date") {
      m.day(name, sample_day);
    } else if (use == "select") {
      m.text(name, "other");
    } else {
      m.text(name, "«" + name + "»");
    }
  }
  return m;
}

}  // namespace

std::map<std::string, std::string> message_arguments(std::string_view pattern) {
  std::map<std::string, std::string> out;
  ArgumentReader(pattern, out).message(0);
  return out;
}

nlohmann::json message_samples(const Messages& messages) {
  nlohmann::json out = nlohmann::json::object();
  for (const std::string& locale : messages.locales()) {
    nlohmann::json& texts = out[locale];
    for (const std::string& id : messages.ids(locale)) {
      nlohmann::json list = nlohmann::json::array();
      const auto args = message_arguments(messages.pattern(locale, id));
      for (double n : sample_numbers)
        list.push_back(messages.render(sample(id, args, n, true), locale));
      list.push_back(messages.render(sample(id, args, 2500, false), locale));
      texts[id] = std::move(list);
    }
  }
  return out;
}

}  // namespace lessonsim
