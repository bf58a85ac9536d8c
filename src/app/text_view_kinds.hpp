// One terminal drawing per machine kind, and the pieces they share.
#pragma once

#include <string>
#include <string_view>

#include "lessonsim/machine.hpp"

namespace lessonsim::app {

// Draws one machine kind; called only with a machine of that kind.
using MachineTextDrawer = std::string (*)(const Machine& machine, std::string_view locale);

// Each listed kind's drawing, defined in src/kinds/KIND/KIND_text_view.cpp.
#define LESSONSIM_KIND(folder) \
  std::string draw_##folder##_text(const Machine& machine, std::string_view locale);
#include "kinds.def"
#undef LESSONSIM_KIND

// "[████····]": `fraction` of `width` cells filled, clamped to 0..1.
std::string text_bar(double fraction, int width);

}  // namespace lessonsim::app
