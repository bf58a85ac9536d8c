#include "lessonsim/random_play.hpp"

#include <cmath>
#include <random>

#include "lessonsim/engine.hpp"
#include "lessonsim/playthrough.hpp"

namespace lessonsim {

namespace {

// Draws a mix of what a learner can do and what no learner should be able to do, with the
// machine actions of the machine on screen (a step's own, or the lesson's).
Action random_action(std::mt19937_64& rng, const Engine& engine) {
  const Lesson& lesson = engine.lesson();
  auto pick = [&](std::int64_t lo, std::int64_t hi) {
    return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
  };
  const auto& machine_actions = engine.machine().spec().actions;
  switch (pick(0, 9)) {
    case 0:
      return Action::make("next");
    case 1:
      return Action::make("back");
    case 2:
      return Action::with("choose", "i", pick(-1, 9));
    case 3: {
      const std::int64_t k = pick(0, 7);
      return Action::make(k == 0 ? "reset" : k == 1 ? "restart" : "undo");
    }
    case 4: {
      if (pick(0, 4) == 0) return Action::with("goto", "step", "no-such-step");
      const Step& s = lesson.steps[static_cast<std::size_t>(
          pick(0, static_cast<std::int64_t>(lesson.steps.size()) - 1))];
      return Action::with("goto", "step", s.id);
    }
    case 5:
      return Action::make(pick(0, 1) ? "fly" : "");
    default: {
      if (machine_actions.empty()) return Action::make("next");
      const ActionInfo& info = machine_actions[static_cast<std::size_t>(
          pick(0, static_cast<std::int64_t>(machine_actions.size()) - 1))];
      Action a = Action::make(info.name);
      for (const auto& p : info.params) {
        if (p.kind == ActionParam::Kind::integer) {
          std::int64_t n = pick(0, 6) == 0 ? pick(-1000000, 1000000) : pick(-1, 40);
          a.args[p.name] = n;
        } else {
          a.args[p.name] = "random";
        }
      }
      if (!info.params.empty() && pick(0, 9) == 0) a.args = nlohmann::json::object();
      return a;
    }
  }
}

std::string check_engine(const Engine& e) {
  const Lesson& lesson = e.lesson();
  if (e.step_index() < 0 || e.step_index() >= static_cast<int>(lesson.steps.size())) {
    return "the step index left the lesson";
  }
  if (std::string broken = e.machine().broken_invariant(); !broken.empty()) return broken;
  const auto& vars = e.machine().spec().variables;
  if (e.values().size() != vars.size()) return "the machine gives the wrong number of values";
  for (std::size_t k = 0; k < vars.size(); ++k) {
    if (!std::isfinite(e.values()[k])) return vars[k].name + " is not a finite number";
  }
  const Step& s = e.step();
  std::vector<const LocalizedText*> texts = {&s.title, &s.text, &s.explain, &s.reveal};
  for (const auto& rule : s.feedback)
    texts.push_back(&rule.say);
  for (const auto& locale : lesson.locales) {
    for (const LocalizedText* t : texts) {
      const std::string& source = t->in(locale);
      if (source.find("{{") != std::string::npos) continue;
      if (e.render(*t, locale).find('{') != std::string::npos) {
        return "a text still shows a {placeholder} unfilled in " + locale;
      }
    }
  }
  return {};
}

}  // namespace

RandomPlayResult random_play(const std::shared_ptr<const Lesson>& lesson, long count,
                             std::uint64_t seed) {
  RandomPlayResult result{true, seed, 0, {}};
  std::mt19937_64 rng(seed);
  Engine engine(lesson);
  for (long k = 0; k < count; ++k) {
    Action action = random_action(rng, engine);
    nlohmann::json before = engine.save();
    Engine again = engine;
    Events events = engine.apply(action);
    result.actions = k + 1;
    std::string problem = check_engine(engine);
    bool refused = events.size() == 1 && events[0].kind == EventKind::rejected;
    if (problem.empty() && refused && engine.save() != before) {
      problem = "a refused action changed the state";
    }
    if (problem.empty() && !refused) {
      // The same action from the same state: the engine is deterministic, so both must match.
      nlohmann::json after = engine.save();
      again.apply(action);
      if (again.save() != after) problem = "the same action from the same state differed";
      // The window saves after every move: the learner must resume exactly here.
      Engine resumed(lesson);
      if (problem.empty() && (!resumed.restore(after) || resumed.save() != after)) {
        problem = "the saved progress does not restore to the same state";
      }
    }
    if (problem.empty() && !refused && action.op != "undo" && engine.can_undo()) {
      // A move undo may take back must give back exactly the state before it.
      nlohmann::json after = engine.save();
      engine.apply(Action::make("undo"));
      if (engine.save() != before) {
        problem = "undo did not give back the state before";
      } else {
        engine.apply(action);
        if (engine.save() != after) problem = "redoing the move after undo differed";
      }
    }
    if (!problem.empty()) {
      result.passed = false;
      result.message = "action " + std::to_string(k + 1) + " (" + describe_action(action) +
                       ") on step \"" + engine.step().id + "\": " + problem;
      return result;
    }
  }
  return result;
}

}  // namespace lessonsim
