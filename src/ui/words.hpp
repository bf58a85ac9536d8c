// A catalog message named once by a machine picture, with its arguments' names, and said in the
// learner's locale: `constexpr Words over_by{"canvas.memory_stack.over_by", {"gb"}}`, then
// `over_by(loc)`, or `over_by(loc, gb_text)` giving the arguments in that order (strings as
// text, numbers as numbers).
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <type_traits>

#include "lessonsim/messages.hpp"

namespace lessonsim::ui {

struct Words {
  const char* id;
  std::array<const char*, 4> names = {};

  const char* operator()(std::string_view locale) const { return phrase(locale, id); }

  template <class... Args>
  std::string operator()(std::string_view locale, const Args&... args) const {
    static_assert(sizeof...(Args) <= 4, "a picture's message takes at most four arguments");
    Message m(id);
    std::size_t k = 0;
    (add(m, names[k++], args), ...);
    return tr(locale, m);
  }

 private:
  template <class T>
  static void add(Message& m, const char* name, const T& value) {
    if constexpr (std::is_arithmetic_v<T>) {
      m.num(std::move(name), static_cast<double>(value));
    } else {
      m.text(std::move(name), std::string(value));
    }
  }
};

}  // namespace lessonsim::ui
