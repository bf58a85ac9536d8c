// One terminal drawing per machine kind, and the pieces they share.
#pragma once

#include <string>
#include <string_view>

#include "lessonsim/machine.hpp"

namespace lessonsim::app {

// Draws one machine kind; called only with a machine of that kind.
using MachineTextDrawer = std::string (*)(const Machine& machine, std::string_view locale);

struct TextView {
  const char* kind;
  MachineTextDrawer draw;
  // Resolves the variables it reads (see src/kinds/view_reads.hpp); called when it registers.
  void (*resolve)() = nullptr;
};

// Each listed kind's drawing, defined in src/kinds/KIND/KIND_text_view.cpp.
#define LESSONSIM_KIND(folder) const TextView& folder##_text_view();
#include "kinds.def"
#undef LESSONSIM_KIND

// Adds a drawing for a kind that has none (the tests' kinds), resolving its variables first:
// throws UnknownVariable for one its kind lacks, and registers nothing then. False when the
// kind already has one.
bool register_text_view(const TextView& view);

// "[████····]": `fraction` of `width` cells filled, clamped to 0..1.
std::string text_bar(double fraction, int width);

}  // namespace lessonsim::app
