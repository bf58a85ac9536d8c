// The state explorer: an operate step's reachable states grouped by what the learner sees there
// (`lessonsim check --explain`, the window's Instructor menu).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lessonsim/lesson.hpp"
#include "lessonsim/lint.hpp"

namespace lessonsim {

struct ExploredState {
  std::vector<double> values;  // the machine's variables, in the order of its spec
  nlohmann::json settings;     // what puts the machine there (Machine::set, key by key)
};

// The states where one thing shows: a feedback rule, the reveal (goal met) or nothing.
struct StateGroup {
  enum class Shows { rule, goal, nothing };
  Shows shows = Shows::nothing;
  int rule = -1;      // with Shows::rule: the index in the step's feedback
  std::string label;  // "rule \"over\" (feedback/0): overflow_gb > 0", "goal: fits", ...
  std::vector<ExploredState> states;
};

struct Exploration {
  std::vector<StateGroup> groups;  // the rules in order, then the goal, then no feedback
  std::size_t states = 0;
  bool exhaustive = true;
  std::vector<double> start_values;  // the state the step starts in
};

// Every state the lint's search reaches on `step` (an operate step), grouped; a rule that fires
// nowhere still has its (empty) group, so the table shows it.
Exploration explore_states(const Lesson& lesson, const Step& step, const LintOptions& options = {});

// The table `check --explain` prints: one block per group, each state as its variables.
std::string format_exploration(const Lesson& lesson, const Step& step, const Exploration& e,
                               std::size_t per_group = 12);

}  // namespace lessonsim
