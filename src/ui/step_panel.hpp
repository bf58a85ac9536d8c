// The words of a step: narration, choices with their verdict, feedback, reveal, summary cards.
#pragma once

#include "view_context.hpp"

namespace lessonsim::ui {

// Draws the current step's text and answers into the current window, full width.
void draw_step_panel(ViewContext& ctx);

}  // namespace lessonsim::ui
