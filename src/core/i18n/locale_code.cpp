#include "lessonsim/locale_code.hpp"

#include <cstring>

#include "lessonsim/message_engine.hpp"

namespace lessonsim {

namespace {

bool all_of(std::string_view s, bool (*pred)(char)) {
  for (char c : s) {
    if (!pred(c)) return false;
  }
  return !s.empty();
}
bool lower(char c) {
  return c >= 'a' && c <= 'z';
}
bool upper(char c) {
  return c >= 'A' && c <= 'Z';
}
bool digit(char c) {
  return c >= '0' && c <= '9';
}

bool fail(std::string* why, const char* text) {
  if (why) *why = text;
  return false;
}

}  // namespace

bool valid_locale_code(std::string_view code, std::string* why) {
  std::string_view rest = code;
  auto next = [&rest]() {
    std::string_view part = rest.substr(0, rest.find('-'));
    rest = part.size() < rest.size() ? rest.substr(part.size() + 1) : std::string_view();
    return part;
  };
  std::string_view language = next();
  if (language.size() < 2 || language.size() > 3 || !all_of(language, lower)) {
    return fail(why,
                "is not a BCP 47 locale code: a two- or three-letter language in lower case, "
                "then an optional -Script and -REGION (e.g. es, pt-BR, zh-Hant-TW)");
  }
  if (!message_engine().known_language(language))
    return fail(why, "names no language ICU knows (ISO 639)");
  bool had_part = !rest.empty() || code.size() > language.size();
  if (had_part && rest.empty()) return fail(why, "ends with '-'");
  std::string_view part = rest.empty() ? std::string_view() : next();
  if (part.size() == 4 && upper(part[0]) && all_of(part.substr(1), lower)) {
    part = rest.empty() ? std::string_view() : next();
  }
  if (!part.empty() &&
      !((part.size() == 2 && all_of(part, upper)) || (part.size() == 3 && all_of(part, digit)))) {
    return fail(why,
                "has a part that is neither a Script (Hant) nor a REGION (BR, 419) in "
                "canonical case");
  }
  if (!rest.empty()) return fail(why, "has more parts than language-Script-REGION");
  return true;
}

}  // namespace lessonsim
