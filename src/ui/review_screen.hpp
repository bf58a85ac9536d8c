// Spaced review: the due quiz questions again, answered, judged (by core), then rated 1-4.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "journey_view.hpp"
#include "split_layout.hpp"

namespace lessonsim::ui {

class ReviewScreen {
 public:
  void frame(const JourneyView& view, JourneyRequests& out);
  std::optional<Rect> target(const std::string& name) const;
  // The answer given to the front card, -1 before answering.
  int choice() const { return choice_; }

 private:
  void question(const JourneyView& view, const ReviewItem& item, JourneyRequests& out);
  std::string card_key_;  // lesson/step of the card on screen; a new card clears the answer
  int choice_ = -1;
  int reviewed_ = 0;
  int scroll_frames_ = 0;
  std::map<std::string, Rect> targets_;
};

}  // namespace lessonsim::ui
