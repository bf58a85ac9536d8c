// Instructor → Class: where the class stands and struggles, as the LRS has it (the report the
// app reads on a thread; this view reads nothing and judges nothing).
#pragma once

#include <imgui.h>

#include <string>

#include "journey_view.hpp"
#include "lessonsim/class_report.hpp"

namespace lessonsim::ui {

class ClassScreen {
 public:
  void frame(const JourneyView& view, JourneyRequests& out);
};

// One bar of a quantity on the screen's one scale for it: `value` of `full` (the scale's end),
// drawn `width` pixels at full, with its words beside it.
void class_bar(double value, double full, float width, ImU32 colour, const std::string& words);
// Its length: `width` × value / full, within 0 .. width (a share is never more than the whole).
float class_bar_length(double value, double full, float width);

}  // namespace lessonsim::ui
