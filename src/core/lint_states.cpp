// The lint's search of machine states: which feedback rules can fire, which goals can be met,
// and so which steps a learner can reach at all.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <deque>
#include <random>

#include <unordered_set>

#include "lessonsim/engine.hpp"
#include "lint_detail.hpp"

namespace lessonsim {

namespace {

struct ValuesHash {
  std::size_t operator()(const std::vector<double>& v) const {
    std::uint64_t h = 1469598103934665603ull;
    for (double d : v) {
      // -0.0 == 0.0, so both must hash alike.
      h = (h ^ (d == 0.0 ? 0 : std::bit_cast<std::uint64_t>(d))) * 1099511628211ull;
    }
    return static_cast<std::size_t>(h ^ (h >> 29));
  }
};

// Tells whether a machine state is new and, when it is, records its variables: a state is
// known by its variables, which is what conditions see.
class StateIndex {
 public:
  using Enough = std::function<bool(const std::vector<double>&)>;
  StateIndex(ReachableStates& out, const Enough& enough, bool keep_settings)
      : out_(out), enough_(enough), keep_settings_(keep_settings) {}

  // True once the caller has seen all it needs; every later add() is refused.
  bool done() const { return done_; }

  bool add(const Machine& m) {
    if (done_) return false;
    m.values(values_);
    if (!keys_.insert(values_).second) return false;
    out_.values.push_back(values_);
    if (keep_settings_) out_.settings.push_back(m.settings());
    if (enough_ && enough_(values_)) {
      done_ = true;
      out_.exhaustive = false;
    }
    return true;
  }

 private:
  ReachableStates& out_;
  const Enough& enough_;
  bool keep_settings_ = false;
  bool done_ = false;
  std::unordered_set<std::vector<double>, ValuesHash> keys_;
  std::vector<double> values_;
};

bool allowed(const Step& step, const std::string& op) {
  return step.allow.empty() ||
         std::find(step.allow.begin(), step.allow.end(), op) != step.allow.end();
}

// The largest `max_*` whole-number setting bounds the numbers tried for an action's argument:
// a count beyond every maximum is refused anyway.
std::int64_t argument_bound(const Machine& machine) {
  std::int64_t bound = 0;
  const nlohmann::json settings = machine.settings();
  for (const auto& [key, value] : settings.items()) {
    if (key.starts_with("max_") && value.is_number_integer()) {
      bound = std::max(bound, value.get<std::int64_t>());
    }
  }
  return bound > 0 ? std::min<std::int64_t>(bound, 1024) : 64;
}

// An action with an argument whose every result its two stepwise actions reach too (the table's
// `stepped_by`): when the step allows both, trying every argument adds no state, only time.
bool covered_by_steps(const Step& step, const MachineSpec& spec, const std::string& action) {
  const ActionInfo* a = spec.action(action);
  return a && a->stepped_by.size() == 2 && allowed(step, a->stepped_by[0]) &&
         allowed(step, a->stepped_by[1]);
}

// The numbers tried for an integer argument: every one from 0 to just past `bound` while that is
// a few dozen, else the small ones, a geometric ladder and the edges. A ladder misses some
// numbers, so the search is then a sample; but with a thousand numbers a move, the exhaustive
// search would have run out of moves after the first few states anyway.
std::vector<std::int64_t> arguments(std::int64_t bound, bool& complete) {
  constexpr std::int64_t every_up_to = 48;
  std::vector<std::int64_t> out;
  for (std::int64_t n = 0; n <= std::min(bound + 1, every_up_to); ++n)
    out.push_back(n);
  if (bound + 1 <= every_up_to) return out;
  complete = false;
  for (double x = every_up_to * 1.2; x < static_cast<double>(bound - 1); x *= 1.2)
    out.push_back(static_cast<std::int64_t>(x));
  for (std::int64_t n : {bound - 1, bound, bound + 1})
    if (n > out.back()) out.push_back(n);
  return out;
}

// Every move the step allows; actions whose arguments cannot be enumerated are left out.
std::vector<Action> moves(const Step& step, const Machine& start, bool& complete) {
  std::vector<Action> out;
  std::int64_t bound = argument_bound(start);
  for (const ActionInfo& info : start.spec().actions) {
    if (!allowed(step, info.name) || covered_by_steps(step, start.spec(), info.name)) continue;
    if (info.params.empty()) {
      out.push_back(Action::make(info.name));
    } else if (info.params.size() == 1 && info.params[0].kind == ActionParam::Kind::integer) {
      for (std::int64_t n : arguments(bound, complete)) {
        out.push_back(Action::with(info.name, info.params[0].name.c_str(), n));
      }
    } else {
      complete = false;
    }
  }
  return out;
}

// The lesson's own playthroughs are witnesses: a state they reach on this step is reachable,
// however unlikely a random walk is to find it. They go first, since a lesson with a playthrough
// for each feedback rule (as lessons should have) then needs no search at all.
// Each new state also joins `queue`, so the search goes on from it as from any other.
void add_witnesses(const Lesson& lesson, const Step& step, StateIndex& index,
                   std::deque<std::unique_ptr<Machine>>& queue) {
  std::shared_ptr<const Lesson> borrowed(&lesson, [](const Lesson*) {});
  for (const auto& p : lesson.playthroughs) {
    if (index.done()) return;
    Engine engine(borrowed);
    for (const auto& a : p.actions) {
      engine.apply(a);
      if (&engine.step() == &step && index.add(engine.machine())) {
        queue.push_back(engine.machine().clone());
      }
    }
  }
}

std::string count_phrase(const ReachableStates& states) {
  std::string n = std::to_string(states.values.size());
  return states.exhaustive ? "any of the " + n + " machine states the learner can reach"
                           : "any of " + n + " sampled machine states";
}

std::string quoted(const std::string& s) {
  return "\"" + s + "\"";
}

// A refusal when the search saw every state and the step does not declare it deliberate; a
// warning when the states are a sample, since a state it missed might prove it wrong.
void report(Diagnostics& diags, const ReachableStates& states, SourcePos pos,
            const std::string& message, const std::string& pointer) {
  if (states.exhaustive) {
    diags.error(pos, message, pointer);
  } else {
    diags.warning(pos, message + " (in a sample of the states: a state it missed may differ)",
                  pointer);
  }
}

std::string deliberate_pointer(const std::string& where, const char* key) {
  return where + "/deliberate/" + key;
}

// A `deliberate` entry for something that does not happen: it would hide the real refusal once
// the step is edited, so it is said.
void stale_deliberate(const Step& step, const std::string& where, const char* key,
                      const std::string& why, const JsonNode& root, Diagnostics& diags) {
  if (!step.deliberate.count(key)) return;
  std::string pointer = deliberate_pointer(where, key);
  diags.warning(lint_detail::pos_at(root, pointer),
                "\"deliberate\" says \"" + std::string(key) + "\", but " + why +
                    "; remove the entry, so a later edit that makes it true is refused",
                pointer);
}

void lint_rules(const Step& step, const std::string& where, const ReachableStates& states,
                const JsonNode& root, Diagnostics& diags) {
  const std::size_t rules = step.feedback.size();
  std::vector<int> holds(rules, 0), holds_open(rules, 0), fires(rules, 0);
  std::vector<bool> goal(states.values.size(), false);
  for (std::size_t s = 0; s < states.values.size(); ++s) {
    const auto& v = states.values[s];
    goal[s] = step.goal && step.goal->holds(v);
    bool fired = false;
    for (std::size_t r = 0; r < rules; ++r) {
      if (!step.feedback[r].when.holds(v)) continue;
      ++holds[r];
      if (goal[s]) continue;
      ++holds_open[r];
      if (!fired) ++fires[r], fired = true;
    }
  }
  const bool meant = step.deliberate.count(deliberate_rule_never_fires) > 0;
  // A rule seen firing in any state, sampled or not, does fire.
  if (meant && std::all_of(fires.begin(), fires.end(), [](int n) { return n > 0; })) {
    stale_deliberate(step, where, deliberate_rule_never_fires, "every rule fires in some state",
                     root, diags);
  }
  for (std::size_t r = 0; r < rules; ++r) {
    if (fires[r] > 0 || meant) continue;
    std::string pointer = where + "/feedback/" + std::to_string(r) + "/when";
    const std::string& when = step.feedback[r].when.text();
    std::string message = "this feedback rule never fires: ";
    if (holds[r] == 0) {
      message += quoted(when) + " is false in " + count_phrase(states);
    } else if (holds_open[r] == 0) {
      message += "wherever " + quoted(when) +
                 " holds, the goal is met too, and the reveal shows "
                 "instead of feedback";
    } else {
      // Name the earliest rule that matches in every state where this one would.
      std::string shadow;
      for (std::size_t e = 0; e < r && shadow.empty(); ++e) {
        bool covers = true;
        for (std::size_t s = 0; s < states.values.size() && covers; ++s) {
          const auto& v = states.values[s];
          if (!goal[s] && step.feedback[r].when.holds(v) && !step.feedback[e].when.holds(v)) {
            covers = false;
          }
        }
        if (covers) {
          shadow = "the earlier rule " + quoted(step.feedback[e].when.text()) + " (feedback/" +
                   std::to_string(e) + ")";
        }
      }
      if (shadow.empty())
        shadow = "earlier rules match";
      else
        shadow += " matches";
      message +=
          shadow + " first wherever " + quoted(when) +
          " holds (the first matching rule wins); move it above or narrow the earlier condition";
    }
    report(diags, states, lint_detail::pos_at(root, pointer), message, pointer);
  }
}

}  // namespace

ReachableStates reachable_states(const Lesson& lesson, const Step& step, const LintOptions& options,
                                 const std::function<bool(const std::vector<double>&)>& enough) {
  ReachableStates out;
  if (!lesson.machine) return out;
  std::unique_ptr<Machine> start = lesson.machine_of(step).clone();
  for (const auto& [key, value] : step.setup.items())
    start->set(key, value);
  bool every_move = true;  // false when some action's arguments cannot be enumerated
  std::vector<Action> all = moves(step, *start, every_move);

  StateIndex index(out, enough, options.keep_settings);
  index.add(*start);
  std::deque<std::unique_ptr<Machine>> queue;
  queue.push_back(start->clone());
  add_witnesses(lesson, step, index, queue);
  std::size_t budget = options.exhaustive_moves;
  while (!queue.empty() && out.exhaustive && !index.done()) {
    std::unique_ptr<Machine> m = std::move(queue.front());
    queue.pop_front();
    for (const Action& a : all) {
      if (budget-- == 0) {
        out.exhaustive = false;
        break;
      }
      std::unique_ptr<Machine> next = m->clone();
      if (!next->apply(a).ok || !index.add(*next)) continue;
      queue.push_back(std::move(next));
      if (out.values.size() > options.exhaustive_states) {
        out.exhaustive = false;
        break;
      }
    }
  }
  if (out.exhaustive || all.empty() || index.done()) {
    // Walks would only repeat the moves just searched; say the search missed some.
    out.exhaustive = out.exhaustive && every_move;
    return out;
  }

  // Too many states to visit: random walks from the start, seeded so every run agrees.
  std::mt19937 rng(12345);
  std::uniform_int_distribution<std::size_t> pick(0, all.size() - 1);
  for (int walk = 0; walk < options.sample_walks && !index.done(); ++walk) {
    std::unique_ptr<Machine> m = start->clone();
    for (int k = 0; k < options.sample_walk_length && !index.done(); ++k) {
      if (m->apply(all[pick(rng)]).ok) index.add(*m);
    }
  }
  return out;
}

namespace lint_detail {

std::vector<bool> lint_states(const Lesson& lesson, const JsonNode& root, Diagnostics& diags,
                              const LintOptions& options) {
  std::vector<bool> refused(lesson.steps.size(), false);
  int blocked_by = -1;  // an operate step whose goal no reachable state meets
  int summary_at = -1;  // the first summary step
  for (std::size_t k = 0; k < lesson.steps.size(); ++k) {
    const Step& step = lesson.steps[k];
    std::string where = "/steps/" + std::to_string(k);
    if (blocked_by >= 0) {
      const std::string& blocker = lesson.steps[static_cast<std::size_t>(blocked_by)].id;
      std::size_t rest = lesson.steps.size() - k - 1;
      std::string message = "no path reaches this step";
      if (rest > 0) message += " or the " + std::to_string(rest) + " after it";
      message +=
          ": the learner can never finish step " + quoted(blocker) + ", whose goal is never met";
      diags.warning(pos_at(root, where), message, where);
      return refused;
    }
    if (summary_at >= 0) {
      std::string message = "this step comes after the summary step " +
                            quoted(lesson.steps[static_cast<std::size_t>(summary_at)].id) +
                            "; a summary closes the lesson, so learners take it as the end. Move "
                            "the summary last";
      diags.warning(pos_at(root, where), message, where);
      summary_at = -2;
    }
    if (step.kind == StepKind::summary && summary_at == -1) summary_at = static_cast<int>(k);
    if (step.kind != StepKind::operate || !step.goal) continue;

    // The search can stop once every rule has fired and the goal has been met: no further
    // state could add a warning. Only a lesson with something to report pays for the full search.
    std::vector<bool> fired(step.feedback.size(), false);
    std::size_t fired_count = 0;
    bool goal_seen = false;
    auto enough = [&](const std::vector<double>& v) {
      if (step.goal->holds(v)) {
        goal_seen = true;
      } else {
        for (std::size_t r = 0; r < step.feedback.size(); ++r) {
          if (!step.feedback[r].when.holds(v)) continue;
          if (!fired[r]) fired[r] = true, ++fired_count;
          break;
        }
      }
      return goal_seen && fired_count == step.feedback.size();
    };
    ReachableStates states = reachable_states(lesson, step, options, enough);
    if (!states.exhaustive && !(goal_seen && fired_count == step.feedback.size())) {
      // Something may be refused: search again, further, to prove it rather than guess.
      LintOptions deeper = options;
      deeper.exhaustive_moves = options.proof_moves;
      deeper.exhaustive_states = options.proof_states;
      states = reachable_states(lesson, step, deeper);
    }
    std::string goal_pointer = where + "/goal";
    bool ever = std::any_of(states.values.begin(), states.values.end(),
                            [&](const std::vector<double>& v) { return step.goal->holds(v); });
    const bool never_meant = step.deliberate.count(deliberate_goal_never_met) > 0;
    if (!ever && !never_meant) {
      refused[k] = states.exhaustive;
      report(diags, states, pos_at(root, goal_pointer),
             "the goal " + quoted(step.goal->text()) + " is false in " + count_phrase(states) +
                 ", so the learner can never continue past this step; fix the goal, the step's "
                 "\"setup\" or \"allow\"",
             goal_pointer);
    } else if (ever) {
      stale_deliberate(step, where, deliberate_goal_never_met, "a reachable state meets the goal",
                       root, diags);
    }
    // A refused goal is the one error; the steps after it are not reported again.
    if (!ever && never_meant && states.exhaustive) blocked_by = static_cast<int>(k);
    const bool met_on_entry = step.goal->holds(states.values.front());
    if (met_on_entry && !step.deliberate.count(deliberate_goal_met_on_entry)) {
      refused[k] = true;
      diags.error(pos_at(root, goal_pointer),
                  "the goal " + quoted(step.goal->text()) +
                      " is already met when the step starts, so the reveal shows before the "
                      "learner does anything; change the step's \"setup\" or its goal",
                  goal_pointer);
    } else if (!met_on_entry) {
      stale_deliberate(step, where, deliberate_goal_met_on_entry,
                       "the goal does not hold when the step starts", root, diags);
    }
    // With the goal met on entry every rule is silent by design of the step: one error says it.
    if (met_on_entry && !step.deliberate.count(deliberate_goal_met_on_entry)) continue;
    lint_rules(step, where, states, root, diags);
  }
  return refused;
}

}  // namespace lint_detail

}  // namespace lessonsim
