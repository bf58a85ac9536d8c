// One practice item being played: the engine over its seeded lesson, and what the learner's
// moves say about how well they know the idea, which becomes the review rating.
#pragma once

#include <memory>
#include <set>
#include <vector>

#include "lessonsim/engine.hpp"
#include "lessonsim/review.hpp"

namespace lessonsim {

// How a practice item went. `right_first_time`: the prediction was right and the machine went
// to the goal without a step back (no undo, reset, refused move or return to a state already
// seen). `needed_feedback`: the goal was reached, after a wrong prediction or a step back.
// `gave_up`: the learner left before the goal.
enum class PracticeOutcome { right_first_time, needed_feedback, gave_up };
const char* practice_outcome_name(PracticeOutcome outcome);
// The FSRS rating an outcome gives: good, hard, again.
Rating practice_rating(PracticeOutcome outcome);

class PracticeRun {
 public:
  explicit PracticeRun(std::shared_ptr<const Lesson> item);
  // The item played again from its logged moves ({"do": op, ...} each), as the learner did.
  static PracticeRun replay(std::shared_ptr<const Lesson> item, const nlohmann::json& actions);

  // Plays one move through the engine. Once the goal is met the item is over and further moves
  // are refused, so the reveal stays on screen.
  Events apply(const Action& action);
  void give_up();

  const Engine& engine() const { return engine_; }
  const std::vector<Action>& actions() const { return actions_; }
  bool over() const { return gave_up_ || (engine_.goal_met() && on_operate()); }
  bool predicted() const { return prediction_judged_; }
  PracticeOutcome outcome() const;
  Rating rating() const { return practice_rating(outcome()); }

 private:
  bool on_operate() const { return engine_.step().kind == StepKind::operate; }
  void note(const Events& events);

  Engine engine_;
  std::vector<Action> actions_;
  std::set<std::vector<double>> seen_;
  bool prediction_judged_ = false;
  bool prediction_right_ = true;  // an item without a prediction has none to get wrong
  bool stepped_back_ = false;
  bool gave_up_ = false;
};

}  // namespace lessonsim
