// The words of a step: narration, choices with their verdict, feedback, reveal, summary cards.
#pragma once

#include "view_context.hpp"

namespace lessonsim::ui {

// Draws the current step's text and answers into the current window, full width.
void draw_step_panel(ViewContext& ctx);

// Why Continue is disabled now, or empty when it is not.
std::string continue_blocked_reason(const Engine& engine, std::string_view locale);

}  // namespace lessonsim::ui
