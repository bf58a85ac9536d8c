// Spaced review: the due quiz questions again, answered, judged (by core), then rated 1-4; and
// practice items, played as small lessons with fresh numbers and rated from what the learner did.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "journey_view.hpp"
#include "rect.hpp"
#include "review_practice.hpp"

namespace lessonsim::ui {

class ReviewScreen {
 public:
  void frame(const JourneyView& view, JourneyRequests& out);
  std::optional<Rect> target(const std::string& name) const;
  // The answer given to the front card, -1 before answering.
  int choice() const { return choice_; }
  // The practice item on screen, if any (it stays once saved, until the learner moves on).
  const PracticePanel& practice() const { return practice_; }
  // Plays a move on the practice item on screen, as its controls would (shots and tests).
  void play_practice(const Action& action) { practice_.apply(action); }

 private:
  void question(const JourneyView& view, const ReviewItem& item, JourneyRequests& out);
  // The practice panel for the front item; false when the front item is not a practice item.
  bool practise(const JourneyView& view, JourneyRequests& out);
  std::string card_key_;  // lesson/step of the card on screen; a new card clears the answer
  int choice_ = -1;
  int reviewed_ = 0;
  int scroll_frames_ = 0;
  std::map<std::string, Rect, std::less<>> targets_;
  PracticePanel practice_;
  bool practice_saved_ = false;
};

}  // namespace lessonsim::ui
