// A catalog message named once by a machine picture and said in the learner's locale:
// `constexpr Words over_by{"canvas.memory_stack.over_by"}`, then `over_by(loc)` or, for a message
// with arguments {0}, {1}..., `over_by(loc, gb_text, 3)` (strings as text, numbers as numbers).
#pragma once

#include <string>
#include <string_view>
#include <type_traits>

#include "lessonsim/messages.hpp"

namespace lessonsim::ui {

struct Words {
  const char* id;

  const char* operator()(std::string_view locale) const { return phrase(locale, id); }

  template <class... Args>
  std::string operator()(std::string_view locale, const Args&... args) const {
    Message m(id);
    int k = 0;
    (add(m, std::to_string(k++), args), ...);
    return tr(locale, m);
  }

 private:
  template <class T>
  static void add(Message& m, std::string name, const T& value) {
    if constexpr (std::is_arithmetic_v<T>) {
      m.num(std::move(name), static_cast<double>(value));
    } else {
      m.text(std::move(name), std::string(value));
    }
  }
};

}  // namespace lessonsim::ui
