// A practice item in review drawn as a small lesson: the prediction, the machine on its canvas
// with the feedback, the reveal, then how it went. The core's PracticeRun judges every move.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "lessonsim/journey.hpp"
#include "lessonsim/practice_run.hpp"
#include "rect.hpp"

namespace lessonsim::ui {

class PracticePanel {
 public:
  // Starts `item` afresh (its seeded lesson from the first step).
  void start(const ReviewItem& item);
  bool active() const { return run_.has_value(); }
  // The machine is on screen and still being driven: its keys are in use.
  bool driving() const {
    return run_ && run_->engine().step().kind == StepKind::operate && !run_->over();
  }
  const ReviewItem& item() const { return item_; }
  const PracticeRun& run() const { return *run_; }
  void clear() { run_.reset(); }
  // Plays one move on the item, if one is on screen.
  void apply(const Action& action);

  // Draws the item and plays the learner's moves this frame. `next_due` is the day the saved
  // item comes back (known once the app has recorded it). Returns true when the learner asks
  // for the next item.
  bool frame(std::string_view locale, std::optional<std::int64_t> next_due, std::int64_t today,
             std::map<std::string, Rect, std::less<>>& targets);

 private:
  void prediction(std::string_view locale, std::vector<Action>& actions,
                  std::map<std::string, Rect, std::less<>>& targets);
  bool machine(std::string_view locale, std::optional<std::int64_t> next_due, std::int64_t today,
               std::vector<Action>& actions, std::map<std::string, Rect, std::less<>>& targets);

  ReviewItem item_;
  std::optional<PracticeRun> run_;
  int scroll_frames_ = 0;
  bool shown_due_ = false;  // the next review's date has been scrolled into view
};

}  // namespace lessonsim::ui
