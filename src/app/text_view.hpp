// The machine drawn as text for `lessonsim play`: bars a terminal can show.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "lessonsim/engine.hpp"

namespace lessonsim::app {

// The current machine as lines of text in `locale`; every kind has at least its variables.
std::string draw_machine_text(const Engine& engine, std::string_view locale);

// The kinds that have a drawing of their own. The first call registers every listed kind's,
// resolving the variables each reads; the program makes it at start-up, so a name a drawing
// reads and its kind lacks throws UnknownVariable then (and in tests/app/text_view_test.cpp).
std::vector<std::string_view> text_view_kinds();

}  // namespace lessonsim::app
