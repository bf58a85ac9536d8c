#include "lessonsim/practice_run.hpp"
#include "lessonsim/messages.hpp"

namespace lessonsim {

const char* practice_outcome_name(PracticeOutcome outcome) {
  switch (outcome) {
    case PracticeOutcome::right_first_time:
      return "right_first_time";
    case PracticeOutcome::needed_feedback:
      return "needed_feedback";
    case PracticeOutcome::gave_up:
      return "gave_up";
  }
  return "gave_up";
}

Rating practice_rating(PracticeOutcome outcome) {
  switch (outcome) {
    case PracticeOutcome::right_first_time:
      return Rating::good;
    case PracticeOutcome::needed_feedback:
      return Rating::hard;
    case PracticeOutcome::gave_up:
      return Rating::again;
  }
  return Rating::again;
}

PracticeRun::PracticeRun(std::shared_ptr<const Lesson> item) : engine_(std::move(item)) {
  if (on_operate()) seen_.insert(engine_.values());
}

PracticeRun PracticeRun::replay(std::shared_ptr<const Lesson> item, const nlohmann::json& actions) {
  PracticeRun run(std::move(item));
  if (!actions.is_array()) return run;
  for (const auto& j : actions) {
    if (!j.is_object() || !j.contains("do") || !j["do"].is_string()) continue;
    Action a = Action::make(j["do"].get<std::string>());
    for (const auto& [key, value] : j.items()) {
      if (key != "do") a.args[key] = value;
    }
    run.apply(a);
  }
  return run;
}

Events PracticeRun::apply(const Action& action) {
  if (over()) {
    return {{EventKind::rejected, engine_.step_index(), -1, false,
             LocalizedText::of("practice.this_practice_is_over")}};
  }
  actions_.push_back(action);
  bool was_operate = on_operate();
  Events events = engine_.apply(action);
  note(events);
  if (on_operate()) {
    bool refused = events.size() == 1 && events[0].kind == EventKind::rejected;
    bool back = action.op == "undo" || action.op == "reset" || action.op == "restart";
    if (was_operate && (refused || back)) stepped_back_ = true;
    // A machine state seen before means a move went the wrong way and was walked back.
    if (!seen_.insert(engine_.values()).second && was_operate && !refused) stepped_back_ = true;
  }
  return events;
}

void PracticeRun::note(const Events& events) {
  for (const auto& e : events) {
    if (e.kind != EventKind::answer_judged || prediction_judged_) continue;
    if (engine_.lesson().steps[static_cast<std::size_t>(e.step)].kind != StepKind::predict)
      continue;
    prediction_judged_ = true;
    prediction_right_ = e.correct;
  }
}

void PracticeRun::give_up() {
  if (!over()) gave_up_ = true;
}

PracticeOutcome PracticeRun::outcome() const {
  if (gave_up_ || !engine_.goal_met()) return PracticeOutcome::gave_up;
  return prediction_right_ && !stepped_back_ ? PracticeOutcome::right_first_time
                                             : PracticeOutcome::needed_feedback;
}

}  // namespace lessonsim
