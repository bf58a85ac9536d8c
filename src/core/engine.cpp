#include "lessonsim/engine.hpp"
#include "lessonsim/messages.hpp"

#include <algorithm>

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
      lesson_machine(other.lesson_machine ? other.lesson_machine->clone() : nullptr),
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
    // The history holds only this step's machine moves, so undo never changes the step.
    state_ = std::move(history_.back());
    history_.pop_back();
    return {{EventKind::undone, state_.step}, {EventKind::machine_changed, state_.step}};
  }
  State before = state_;
  Events events = dispatch(action);
  auto has = [&](EventKind kind) {
    return std::any_of(events.begin(), events.end(),
                       [&](const Event& e) { return e.kind == kind; });
  };
  if (has(EventKind::rejected)) return events;
  if (has(EventKind::machine_changed) && !has(EventKind::step_changed)) {
    history_.push_back(std::move(before));
    if (history_.size() > max_undo) history_.pop_front();
  } else {
    history_.clear();  // any other move ends what undo may cross
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
    if (LocalizedText why = continue_blocked(); !why.empty()) return {refuse(std::move(why))};
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
    state_.lesson_machine = nullptr;
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
    events.push_back(
        {EventKind::answer_judged, state_.step, rec.choice, *choice_right(), *explanation()});
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
  if (!find_action(state_.machine->spec(), op)) return false;
  if (s.allow.empty()) return true;
  for (const auto& a : s.allow) {
    if (a == op) return true;
  }
  return false;
}

std::optional<bool> Engine::choice_right(int index) const {
  if (index < 0 || index >= static_cast<int>(lesson_->steps.size())) return std::nullopt;
  const Step& s = lesson_->steps[static_cast<std::size_t>(index)];
  int choice = record(index).choice;
  if ((s.kind != StepKind::predict && s.kind != StepKind::quiz) || choice < 0) return std::nullopt;
  return choice == s.answer;
}

LocalizedText Engine::continue_blocked() const {
  const Step& s = step();
  const StepRecord& rec = record();
  bool choosing = s.kind == StepKind::predict || s.kind == StepKind::quiz;
  if (choosing && rec.choice < 0) {
    return LocalizedText::of("engine.choose_an_answer_first");
  }
  if (s.kind == StepKind::quiz && !*choice_right()) {
    return LocalizedText::of("engine.not_that_one_try_another");
  }
  if (s.kind == StepKind::operate && !rec.goal_reached) {
    return LocalizedText::of("engine.reach_this_step_s_goal");
  }
  return {};
}

std::vector<std::unique_ptr<Machine>> Engine::demo_stages() const {
  std::vector<std::unique_ptr<Machine>> stages;
  const Step& s = step();
  if (s.kind != StepKind::demo) return stages;
  stages.push_back(fresh_machine(s));
  for (const auto& a : s.actions) {
    stages.push_back(stages.back()->clone());
    stages.back()->apply(a);
  }
  return stages;
}

std::unique_ptr<Machine> Engine::fresh_machine(const Step& step) const {
  std::unique_ptr<Machine> m = lesson_->machine_of(step).clone();
  for (const auto& [key, value] : step.setup.items())
    m->set(key, value);
  return m;
}

void Engine::enter(int index, Events& events) {
  StepRecord& leaving = state_.records[static_cast<std::size_t>(state_.step)];
  // Re-entering the same step (reset) starts it afresh rather than from where it was left.
  if (step().kind == StepKind::operate && index != state_.step) {
    leaving.machine = state_.machine->clone();
  }
  // The lesson's machine is put aside while a step's own is on screen, and back after it.
  bool had_own = state_.lesson_machine != nullptr;
  bool has_own = lesson_->steps[static_cast<std::size_t>(index)].machine != nullptr;
  if (!had_own && has_own) state_.lesson_machine = std::move(state_.machine);
  if (had_own && !has_own) {
    state_.machine = std::move(state_.lesson_machine);
    state_.lesson_machine = nullptr;
  }
  state_.step = index;
  state_.finished = false;
  state_.feedback_rule = -1;
  state_.goal_met = false;
  events.push_back({EventKind::step_changed, index});
  const Step& s = step();
  StepRecord& rec = state_.records[static_cast<std::size_t>(index)];
  if (s.kind == StepKind::operate) {
    state_.machine = rec.machine ? rec.machine->clone() : fresh_machine(s);
  } else if (sets_up_machine(*lesson_, s)) {
    state_.machine = fresh_machine(s);
    for (const auto& a : s.actions)
      state_.machine->apply(a);
  }
  refresh_values();
  if (sets_up_machine(*lesson_, s) || had_own != has_own)
    events.push_back({EventKind::machine_changed, index});
  if (s.kind == StepKind::operate) evaluate(events);
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
  return chosen.feedback.empty() || *choice_right() ? &s.explain : &chosen.feedback;
}

double Engine::value(std::string_view name) const {
  return VariableHandle(state_.machine->spec(), name)(state_.values);
}

std::string Engine::render(const LocalizedText& text, std::string_view locale) const {
  return lessonsim::render(text.in(locale), locale, state_.machine->spec().variables,
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
  nlohmann::json out = {{"lesson", lesson_->id},
                        {"step", step().id},
                        {"machine", state_.machine->settings()},
                        {"records", records},
                        {"finished", state_.finished}};
  // Only while a step's own machine is on screen: the lesson's, to go back to after it.
  if (state_.lesson_machine) out["lesson_machine"] = state_.lesson_machine->settings();
  return out;
}

}  // namespace lessonsim
