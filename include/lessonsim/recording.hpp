// Recording a playthrough by playing: the moves made and what the learner saw, as lesson JSON.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lessonsim/engine.hpp"

namespace lessonsim {

class PlaythroughRecorder {
 public:
  // The move that starts a recording at `step_id`; apply it to a fresh Engine and observe it,
  // so the replay (which starts fresh too) sees exactly what the recording saw.
  static Action start_at(const std::string& step_id);

  // One applied action, the events it gave and the engine after it.
  void observe(const Action& action, const Events& events, const Engine& after);
  std::size_t size() const { return actions_.size(); }

  // A playthrough object for the lesson's `playthroughs` (in the lesson's first locale): the
  // actions, an expectation for each one whose outcome shows (a step change, an answer judged,
  // feedback, the reveal, a refusal, the end), and `at_end` with the step and the variables the
  // lesson's goals name.
  nlohmann::json playthrough(const std::string& name, const Engine& end) const;

 private:
  std::vector<Action> actions_;
  std::vector<nlohmann::json> expect_;
};

// The shortest run of whole words of `text` (three at least, when it has them) that none of
// `others` contains: a feedback check that tells this message from the step's other ones.
std::string distinctive_part(const std::string& text, const std::vector<std::string>& others);

}  // namespace lessonsim
