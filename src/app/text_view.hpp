// The machine drawn as text for `lessonsim play`: bars a terminal can show.
#pragma once

#include <string>
#include <string_view>

#include "lessonsim/engine.hpp"

namespace lessonsim::app {

// The current machine as lines of text in `locale`; every kind has at least its variables.
std::string draw_machine_text(const Engine& engine, std::string_view locale);

}  // namespace lessonsim::app
