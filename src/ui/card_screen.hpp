// The capability card: what the learner can now explain, lesson by lesson, with the date, and
// where card.md and card.png were saved.
#pragma once

#include "journey_view.hpp"

namespace lessonsim::ui {

// The card itself, filling the current window's width (also rendered alone for card.png).
void draw_capability_card(const CapabilityCard& card);

// A window holding only the card, the size of the viewport: what card.png shows. Returns the
// height the card took, in pixels, so the picture can be cropped to it.
float card_picture_frame(const CapabilityCard& card);

class CardScreen {
 public:
  void frame(const JourneyView& view, JourneyRequests& out);
};

}  // namespace lessonsim::ui
