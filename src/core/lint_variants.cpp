#include "lint_variants.hpp"

#include <algorithm>

#include "lessonsim/engine.hpp"
#include "lessonsim/lesson.hpp"
#include "lint_detail.hpp"

namespace lessonsim {

namespace {

// So many broken variants usually share one cause; the first few say it.
constexpr int max_reported = 3;

std::string describe(const nlohmann::json& variant) {
  std::string out;
  for (const auto& [key, value] : variant.items())
    out += (out.empty() ? "" : ", ") + key + " = " + value.dump();
  return out;
}

// Probing paths of real moves, tried before the full search because they settle most variants
// at once: the moves the lesson's own playthroughs make on this step, then each parameterless
// action repeated from the start, the same after another one repeated up to `max_lead` times.
// True as soon as one path meets the goal.
class Probe {
 public:
  static constexpr int max_lead = 8, max_run = 256;

  // `witnesses`: the moves each of the lesson's playthroughs makes while on the original step.
  Probe(const std::vector<std::vector<Action>>& witnesses, const Step& operate,
        const Machine& start)
      : witnesses_(witnesses),
        operate_(operate),
        start_(start),
        goal_reads_(operate.goal->variables()) {
    for (const auto& a : start.spec().actions) {
      if (a.params.empty() && allowed(a.name)) steps_.push_back(Action::make(a.name));
    }
  }

  bool solves() const {
    if (witnessed() || runs_from(start_)) return true;
    for (const Action& lead : steps_) {
      std::unique_ptr<Machine> m = start_.clone();
      for (int i = 0; i < max_lead && m->apply(lead).ok; ++i) {
        if (met(*m) || runs_from(*m)) return true;
      }
    }
    return false;
  }

 private:
  // Each parameterless action repeated from `m` until refused (or `max_run` times).
  bool runs_from(const Machine& m) const {
    for (const Action& run : steps_) {
      std::unique_ptr<Machine> r = m.clone();
      for (int k = 0; k < max_run && r->apply(run).ok; ++k) {
        if (met(*r)) return true;
      }
    }
    return false;
  }

  bool allowed(const std::string& op) const {
    return operate_.allow.empty() ||
           std::find(operate_.allow.begin(), operate_.allow.end(), op) != operate_.allow.end();
  }

  // Probes try thousands of moves: only what the goal reads is computed after each.
  bool met(const Machine& m) const {
    m.values_at(goal_reads_, values_);
    return operate_.goal->holds(values_);
  }

  // The moves each playthrough makes while on the original step, made on the variant.
  bool witnessed() const {
    for (const auto& moves : witnesses_) {
      std::unique_ptr<Machine> m = start_.clone();
      for (const auto& a : moves) {
        if (find_action(start_.spec(), a.op) && allowed(a.op) && m->apply(a).ok && met(*m))
          return true;
      }
    }
    return false;
  }

  const std::vector<std::vector<Action>>& witnesses_;
  const Step& operate_;
  const Machine& start_;
  std::vector<Action> steps_;
  std::vector<int> goal_reads_;
  mutable std::vector<double> values_;
};

// The moves each of the lesson's playthroughs makes while on `step`, in order: the same for
// every variant of the step's practice, so found once by playing the lesson.
std::vector<std::vector<Action>> moves_on(const Lesson& lesson, const Step& step) {
  std::shared_ptr<const Lesson> borrowed(&lesson, [](const Lesson*) {});
  std::vector<std::vector<Action>> out;
  for (const auto& p : lesson.playthroughs) {
    Engine engine(borrowed);
    std::vector<Action>& moves = out.emplace_back();
    for (const auto& a : p.actions) {
      if (&engine.step() == &step) moves.push_back(a);
      engine.apply(a);
    }
  }
  return out;
}

// What is wrong with one variant, and which part of `practice` it concerns; empty when fine.
struct Finding {
  std::string message;
  std::string pointer;
};

Finding check_variant(const Lesson& lesson, const Step& step, const nlohmann::json& variant,
                      const std::vector<std::vector<Action>>& witnesses,
                      const LintOptions& options) {
  const Practice& p = *step.practice;
  std::string vary = p.pointer + "/vary";
  std::string error;
  // The ask is proved on its own below, so the item is built without it first.
  Practice plain = p;
  plain.ask.reset();
  Step bare = step;
  bare.practice = std::make_shared<Practice>(std::move(plain));
  auto item = practice_lesson_with(lesson, bare, variant, 0, error);
  if (!item) return {"the variant " + describe(variant) + " cannot be set up: " + error, vary};
  const Step& operate = item->steps.back();
  std::vector<double> start;
  item->machine->values(start);
  if (p.ask) {
    AskedNumbers asked = asked_numbers(*p.ask, start, 0);
    if (!asked.problem.empty()) {
      return {"with " + describe(variant) +
                  ", the prediction has not exactly one right choice: " + asked.problem,
              p.ask->pointer};
    }
  }
  if (!operate.goal) return {};
  if (operate.goal->holds(start)) {
    return {"with " + describe(variant) + ", the goal \"" + operate.goal->text() +
                "\" is already met when the step starts, so there is nothing to practise",
            vary};
  }
  if (Probe(witnesses, operate, *item->machine).solves()) return {};
  auto goal = [&](const std::vector<double>& v) { return operate.goal->holds(v); };
  ReachableStates states = reachable_states(*item, operate, options, goal);
  if (std::any_of(states.values.begin(), states.values.end(), goal)) return {};
  std::string n = std::to_string(states.values.size());
  return {"the variant " + describe(variant) + " is unsolvable: the goal \"" +
              operate.goal->text() + "\" is false in " +
              (states.exhaustive ? "every one of the " + n + " states the learner can reach"
                                 : "all " + n + " sampled states") +
              " within the machine's limits",
          vary};
}

}  // namespace

// A listed value equal to the step's own is never drawn (an item never repeats the lesson's
// numbers): said where it is written, since its author meant it to be practised.
void lint_own_values(const Lesson& lesson, const Step& step, const JsonNode& root,
                     Diagnostics& diags) {
  nlohmann::json own = lesson.machine_of(step).settings();
  for (const auto& [key, value] : step.setup.items())
    own[key] = value;
  for (const VariedSetting& v : step.practice->vary) {
    const JsonNode* node = lint_detail::node_at(root, v.pointer);
    if (!node || !own.contains(v.name)) continue;
    const bool chips = node->is_object();
    const JsonNode* list = chips ? node->find("chips") : node;
    if (!list || !list->is_array() || list->items.size() != v.values.size()) continue;
    std::size_t same = 0;
    for (const auto& value : v.values)
      same += value == own[v.name] ? 1 : 0;
    if (same == v.values.size()) continue;  // the only value there is: every variant takes it
    for (std::size_t k = 0; k < v.values.size(); ++k) {
      if (v.values[k] != own[v.name]) continue;
      std::string pointer = v.pointer + (chips ? "/chips/" : "/") + std::to_string(k);
      diags.warning(list->items[k].pos,
                    v.values[k].dump() + " is the step's own \"" + v.name +
                        "\", so no practice item draws it (an item never repeats the lesson's "
                        "numbers); remove it, or change the step's \"setup\" to practise it",
                    pointer);
    }
  }
}

void lint_variants(const Lesson& lesson, const JsonNode& root, Diagnostics& diags,
                   const LintOptions& options, const std::vector<bool>& refused) {
  for (std::size_t s = 0; s < lesson.steps.size(); ++s) {
    const Step& step = lesson.steps[s];
    if (!step.practice || step.practice->vary.empty()) continue;
    lint_own_values(lesson, step, root, diags);
    if (s < refused.size() && refused[s]) continue;  // its goal is refused already
    int reported = 0, more = 0;
    std::string last_pointer;
    const std::vector<std::vector<Action>> witnesses = moves_on(lesson, step);
    for (const auto& variant : practice_variants(lesson, step)) {
      Finding f = check_variant(lesson, step, variant, witnesses, options);
      if (f.message.empty()) continue;
      if (reported == max_reported) {
        ++more;
        continue;
      }
      ++reported;
      last_pointer = f.pointer;
      diags.error(lint_detail::pos_at(root, f.pointer), f.message, f.pointer);
    }
    if (more > 0) {
      diags.error(lint_detail::pos_at(root, last_pointer),
                  "and " + std::to_string(more) + " more variants like these", last_pointer);
    }
  }
}

}  // namespace lessonsim
