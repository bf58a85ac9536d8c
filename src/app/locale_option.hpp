// `--locale L` on every command: a BCP 47 code (checked when parsing, so `--locale klingon` is a
// usage error), and the languages a lesson can be shown in (its own and every catalog's).
#pragma once

#include <algorithm>
#include <string>

#include <CLI/CLI.hpp>

#include "lessonsim/lesson.hpp"
#include "lessonsim/locale_code.hpp"
#include "lessonsim/messages.hpp"

namespace lessonsim::app {

inline CLI::Validator locale_code() {
  return CLI::Validator(
      [](std::string& code) {
        std::string why;
        return valid_locale_code(code, &why) ? std::string() : "\"" + code + "\" " + why;
      },
      "LOCALE");
}

inline const char* locale_help() {
  return "Language, a BCP 47 code (es, en, pt-BR): a lesson's locale or any installed catalog's";
}

// True when `lesson` can be shown in `locale`: its own texts, or an interface catalog with the
// lesson's texts in English.
inline bool lesson_speaks(const Lesson& lesson, const std::string& locale) {
  const auto choosable = messages().choosable(lesson.locales);
  return std::find(choosable.begin(), choosable.end(), locale) != choosable.end();
}

}  // namespace lessonsim::app
