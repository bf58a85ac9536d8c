#include "lessonsim/engine.hpp"
#include "lessonsim/messages.hpp"

namespace lessonsim {

const char* event_kind_name(EventKind kind) {
  switch (kind) {
    case EventKind::step_changed:
      return "step_changed";
    case EventKind::machine_changed:
      return "machine_changed";
    case EventKind::feedback:
      return "feedback";
    case EventKind::feedback_cleared:
      return "feedback_cleared";
    case EventKind::answer_judged:
      return "answer_judged";
    case EventKind::goal_reached:
      return "goal_reached";
    case EventKind::reveal_shown:
      return "reveal_shown";
    case EventKind::rejected:
      return "rejected";
    case EventKind::lesson_finished:
      return "lesson_finished";
    case EventKind::undone:
      return "undone";
  }
  return "?";
}

Engine::State::State(const State& other)
    : step(other.step),
      machine(other.machine ? other.machine->clone() : nullptr),
      records(other.records),
      values(other.values),
      feedback_rule(other.feedback_rule),
      goal_met(other.goal_met),
      finished(other.finished) {}

Engine::State& Engine::State::operator=(const State& other) {
  if (this != &other) *this = State(other);
  return *this;
}

Engine::Engine(std::shared_ptr<const Lesson> lesson) : lesson_(std::move(lesson)) {
  state_.machine = lesson_->machine->clone();
  state_.records.resize(lesson_->steps.size());
  Events ignored;
  enter(0, ignored);
}

Engine::Engine(const Engine& other) = default;
Engine& Engine::operator=(const Engine& other) = default;

Events Engine::apply(const Action& action) {
  if (action.op == "undo") {
    if (history_.empty()) return {refuse(LocalizedText::of("engine.nothing_to_undo"))};
    int before = state_.step;
    state_ = std::move(history_.back());
    history_.pop_back();
    Events events{{EventKind::undone, state_.step}};
    if (state_.step != before) events.push_back({EventKind::step_changed, state_.step});
    events.push_back({EventKind::machine_changed, state_.step});
    return events;
  }
  State before = state_;
  Events events = dispatch(action);
  bool refused = events.size() == 1 && events.front().kind == EventKind::rejected;
  if (!refused) {
    history_.push_back(std::move(before));
    if (history_.size() > max_undo) history_.pop_front();
  }
  return events;
}

Event Engine::refuse(LocalizedText why) const {
  return {EventKind::rejected, state_.step, -1, false, std::move(why)};
}

Events Engine::dispatch(const Action& action) {
  Events events;
  const Step& current = step();
  const std::string& op = action.op;
  if (op == "next") {
    if (!can_continue()) {
      if (current.kind == StepKind::operate) {
        return {refuse(LocalizedText::of("engine.reach_this_step_s_goal"))};
      }
      if (current.kind == StepKind::quiz && record().choice >= 0) {
        return {refuse(LocalizedText::of("engine.not_that_one_try_another"))};
      }
      return {refuse(LocalizedText::of("engine.choose_an_answer_first"))};
    }
    if (state_.step + 1 >= static_cast<int>(lesson_->steps.size())) {
      state_.finished = true;
      return {{EventKind::lesson_finished, state_.step}};
    }
    enter(state_.step + 1, events);
  } else if (op == "back") {
    if (state_.step == 0) {
      return {refuse(LocalizedText::of("engine.this_is_the_first_step"))};
    }
    enter(state_.step - 1, events);
  } else if (op == "goto") {
    int target = lesson_->step_index(action.string("step"));
    if (target < 0) return {refuse(LocalizedText::of("engine.there_is_no_such_step"))};
    enter(target, events);
  } else if (op == "reset") {
    state_.records[static_cast<std::size_t>(state_.step)] = {};
    enter(state_.step, events);
  } else if (op == "restart") {
    // The whole lesson again, as a move like any other, so it can be undone and replayed.
    // Already on the first step, enter() keeps nothing of the step being left.
    state_.step = 0;
    state_.machine = lesson_->machine->clone();
    state_.records.assign(lesson_->steps.size(), {});
    enter(0, events);
  } else if (op == "choose") {
    if (current.kind != StepKind::predict && current.kind != StepKind::quiz) {
      return {refuse(LocalizedText::of("engine.there_is_nothing_to_choose"))};
    }
    auto i = action.integer("i").value_or(-1);
    if (i < 0 || i >= static_cast<std::int64_t>(current.choices.size())) {
      return {refuse(LocalizedText::of("engine.there_is_no_such_choice"))};
    }
    StepRecord& rec = state_.records[static_cast<std::size_t>(state_.step)];
    if (current.kind == StepKind::predict && rec.choice >= 0) {
      return {refuse(LocalizedText::of("engine.your_prediction_is_locked_in"))};
    }
    rec.choice = static_cast<int>(i);
    rec.attempts += 1;
    bool correct = rec.choice == current.answer;
    events.push_back({EventKind::answer_judged, state_.step, rec.choice, correct, *explanation()});
  } else {
    if (current.kind != StepKind::operate) {
      return {refuse(LocalizedText::of("engine.the_machine_is_driven_in"))};
    }
    if (!allows(op)) {
      return {refuse(LocalizedText::of("engine.that_can_t_be_done"))};
    }
    Outcome outcome = state_.machine->apply(action);
    if (!outcome.ok) return {refuse(std::move(outcome.why))};
    refresh_values();
    events.push_back({EventKind::machine_changed, state_.step});
    evaluate(events);
  }
  return events;
}

bool Engine::allows(std::string_view op) const {
  const Step& s = step();
  if (s.kind != StepKind::operate) return false;
  if (!find_action(lesson_->machine->spec(), op)) return false;
  if (s.allow.empty()) return true;
  for (const auto& a : s.allow) {
    if (a == op) return true;
  }
  return false;
}

bool Engine::can_continue() const {
  const Step& s = step();
  const StepRecord& rec = record();
  switch (s.kind) {
    case StepKind::predict:
      return rec.choice >= 0;
    case StepKind::quiz:
      return rec.choice == s.answer;
    case StepKind::operate:
      return rec.goal_reached;
    default:
      return true;
  }
}

std::vector<std::unique_ptr<Machine>> Engine::demo_stages() const {
  std::vector<std::unique_ptr<Machine>> stages;
  const Step& s = step();
  if (s.kind != StepKind::demo) return stages;
  stages.push_back(fresh_machine(s.setup));
  for (const auto& a : s.actions) {
    stages.push_back(stages.back()->clone());
    stages.back()->apply(a);
  }
  return stages;
}

std::unique_ptr<Machine> Engine::fresh_machine(const nlohmann::json& setup) const {
  std::unique_ptr<Machine> m = lesson_->machine->clone();
  for (const auto& [key, value] : setup.items())
    m->set(key, value);
  return m;
}

void Engine::enter(int index, Events& events) {
  StepRecord& leaving = state_.records[static_cast<std::size_t>(state_.step)];
  // Re-entering the same step (reset) starts it afresh rather than from where it was left.
  if (step().kind == StepKind::operate && index != state_.step) {
    leaving.machine = state_.machine->clone();
  }
  state_.step = index;
  state_.finished = false;
  state_.feedback_rule = -1;
  state_.goal_met = false;
  events.push_back({EventKind::step_changed, index});
  const Step& s = step();
  StepRecord& rec = state_.records[static_cast<std::size_t>(index)];
  if (s.kind == StepKind::operate) {
    state_.machine = rec.machine ? rec.machine->clone() : fresh_machine(s.setup);
    refresh_values();
    events.push_back({EventKind::machine_changed, index});
    evaluate(events);
  } else if (s.kind == StepKind::demo) {
    state_.machine = fresh_machine(s.setup);
    for (const auto& a : s.actions)
      state_.machine->apply(a);
    refresh_values();
    events.push_back({EventKind::machine_changed, index});
  } else {
    refresh_values();
  }
}

void Engine::evaluate(Events& events) {
  const Step& s = step();
  StepRecord& rec = state_.records[static_cast<std::size_t>(state_.step)];
  state_.goal_met = s.goal && s.goal->holds(state_.values);
  int previous = state_.feedback_rule;
  state_.feedback_rule = -1;
  if (state_.goal_met) {
    if (!rec.goal_reached) {
      rec.goal_reached = true;
      events.push_back({EventKind::goal_reached, state_.step});
    }
    events.push_back({EventKind::reveal_shown, state_.step, -1, true, s.reveal});
  } else {
    for (std::size_t k = 0; k < s.feedback.size(); ++k) {
      if (s.feedback[k].when.holds(state_.values)) {
        state_.feedback_rule = static_cast<int>(k);
        events.push_back({EventKind::feedback, state_.step, -1, false, s.feedback[k].say});
        break;
      }
    }
  }
  if (previous >= 0 && state_.feedback_rule < 0) {
    events.push_back({EventKind::feedback_cleared, state_.step});
  }
}

void Engine::refresh_values() {
  state_.machine->values(state_.values);
}

const FeedbackRule* Engine::feedback() const {
  if (state_.feedback_rule < 0) return nullptr;
  return &step().feedback[static_cast<std::size_t>(state_.feedback_rule)];
}

const LocalizedText* Engine::explanation() const {
  const Step& s = step();
  int choice = record().choice;
  if ((s.kind != StepKind::predict && s.kind != StepKind::quiz) || choice < 0) return nullptr;
  const Choice& chosen = s.choices[static_cast<std::size_t>(choice)];
  return chosen.feedback.empty() || choice == s.answer ? &s.explain : &chosen.feedback;
}

double Engine::value(std::string_view name) const {
  const auto& vars = lesson_->machine->spec().variables;
  for (std::size_t k = 0; k < vars.size() && k < state_.values.size(); ++k) {
    if (vars[k].name == name) return state_.values[k];
  }
  return 0.0;
}

std::string Engine::render(const LocalizedText& text, std::string_view locale) const {
  return lessonsim::render(text.in(locale), locale, lesson_->machine->spec().variables,
                           state_.values);
}

nlohmann::json Engine::save() const {
  nlohmann::json records = nlohmann::json::object();
  for (std::size_t k = 0; k < lesson_->steps.size(); ++k) {
    const StepRecord& r = state_.records[k];
    if (r.choice < 0 && !r.goal_reached && !r.machine) continue;
    nlohmann::json j = {
        {"choice", r.choice}, {"attempts", r.attempts}, {"goal_reached", r.goal_reached}};
    if (r.machine) j["machine"] = r.machine->settings();
    records[lesson_->steps[k].id] = j;
  }
  return {{"lesson", lesson_->id},
          {"step", step().id},
          {"machine", state_.machine->settings()},
          {"records", records},
          {"finished", state_.finished}};
}

}  // namespace lessonsim
