// The menu bar and keys shared by the journey screens: map, review, glossary, card, settings,
// language, quit.
#pragma once

#include "journey_view.hpp"

namespace lessonsim::ui {

// Draws the menu bar of the current window (it needs ImGuiWindowFlags_MenuBar).
void journey_menu(const JourneyView& view, ScreenId current, JourneyRequests& out);

// M or Esc: the map; R: review; G: glossary; C: card; S or F2: settings. Ignored while typing.
void journey_keys(ScreenId current, JourneyRequests& out);

// Begins the full-viewport window every journey screen draws in; pair with end_screen().
void begin_screen(const char* id);
void end_screen();

}  // namespace lessonsim::ui
