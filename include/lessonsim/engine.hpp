// The one path for every move: `Engine::apply(Action) -> Events`, deterministic and without I/O.
#pragma once

#include <deque>
#include <memory>
#include <optional>
#include <vector>

#include "lessonsim/lesson.hpp"
#include "lessonsim/machine.hpp"

namespace lessonsim {

enum class EventKind {
  step_changed,
  machine_changed,
  feedback,          // a feedback rule matched; `text` is what it says
  feedback_cleared,  // no rule matches any more
  answer_judged,     // `choice`, `correct`, and `text` the explanation
  goal_reached,
  reveal_shown,  // `text` is the reveal
  rejected,      // the action was refused; `text` says why
  lesson_finished,
  undone,
};
const char* event_kind_name(EventKind kind);

struct Event {
  EventKind kind;
  int step = -1;
  int choice = -1;
  bool correct = false;
  LocalizedText text = {};
};
using Events = std::vector<Event>;

// What the learner has done on one step.
struct StepRecord {
  int choice = -1;  // the last choice made (predict, quiz)
  int attempts = 0;
  bool goal_reached = false;               // operate: the goal has been met at least once
  std::shared_ptr<const Machine> machine;  // operate: the machine as the learner left it
};

class Engine {
 public:
  static constexpr std::size_t max_undo = 512;

  explicit Engine(std::shared_ptr<const Lesson> lesson);
  Engine(const Engine& other);
  Engine& operator=(const Engine& other);

  Events apply(const Action& action);

  const Lesson& lesson() const { return *lesson_; }
  std::shared_ptr<const Lesson> lesson_ptr() const { return lesson_; }
  int step_index() const { return state_.step; }
  const Step& step() const { return lesson_->steps[static_cast<std::size_t>(state_.step)]; }
  // The machine of the current step (its own, or the lesson's), as it stands now.
  const Machine& machine() const { return *state_.machine; }
  // Whether the current step draws its machine (`Step::show`).
  bool shows_machine() const { return step().show; }
  // On a demo step, the machine as set up and then after each of its actions, so a picture can
  // step through the cause; empty on other steps.
  std::vector<std::unique_ptr<Machine>> demo_stages() const;
  const std::vector<double>& values() const { return state_.values; }
  double value(std::string_view name) const;  // throws UnknownVariable for a name it lacks
  const StepRecord& record(int step) const {
    return state_.records[static_cast<std::size_t>(step)];
  }
  const StepRecord& record() const { return record(state_.step); }

  // The feedback rule that matches now on an operate step, or null.
  const FeedbackRule* feedback() const;
  // The explanation shown for the learner's last choice on a predict or quiz step, or null.
  const LocalizedText* explanation() const;
  // Whether the learner's last choice on `step` (a predict or quiz step) is its answer; nullopt
  // before a choice. The window and `play` show this verdict and never compare choices.
  std::optional<bool> choice_right(int step) const;
  std::optional<bool> choice_right() const { return choice_right(state_.step); }
  bool goal_met() const { return state_.goal_met; }
  bool finished() const { return state_.finished; }
  bool can_continue() const { return continue_blocked().empty(); }
  // Why `next` is refused now, in words for the learner; empty when Continue is open.
  LocalizedText continue_blocked() const;
  // Undo takes back the machine moves made since the learner's last other move: entering,
  // leaving or resetting a step and choosing an answer all end what undo may cross, so a locked
  // prediction stays locked and the way back to an earlier step is Back.
  bool can_undo() const { return !history_.empty(); }
  // Whether a machine action may be used on the current step: only an operate step's machine
  // moves; every other step's picture is read-only.
  bool allows(std::string_view op) const;

  // `text` in `locale` with the machine's variables filled in.
  std::string render(const LocalizedText& text, std::string_view locale) const;

  // The whole learner state as JSON (for saving) and back; restore is false on a mismatch.
  nlohmann::json save() const;
  bool restore(const nlohmann::json& saved);

 private:
  struct State {
    int step = 0;
    std::unique_ptr<Machine> machine;  // the current step's machine
    // The lesson's machine as the learner left it, kept while a step's own machine is on
    // screen (null while the lesson's machine is), and put back on the next step without one.
    std::unique_ptr<Machine> lesson_machine;
    std::vector<StepRecord> records;
    std::vector<double> values;
    int feedback_rule = -1;
    bool goal_met = false;
    bool finished = false;
    State() = default;
    State(const State& other);
    State& operator=(const State& other);
    State(State&&) = default;
    State& operator=(State&&) = default;
  };

  Events dispatch(const Action& action);
  bool restore_checked(const nlohmann::json& saved);
  void enter(int index, Events& events);
  void evaluate(Events& events);
  void refresh_values();
  // A fresh copy of `step`'s machine (its own, or the lesson's as configured) with its setup.
  std::unique_ptr<Machine> fresh_machine(const Step& step) const;
  Event refuse(LocalizedText why) const;

  std::shared_ptr<const Lesson> lesson_;
  State state_;
  std::deque<State> history_;
};

}  // namespace lessonsim
