#include "lessonsim/state_explorer.hpp"
#include "lessonsim/messages.hpp"

#include <algorithm>

#include "lessonsim/text.hpp"

namespace lessonsim {

namespace {

std::string rule_label(const FeedbackRule& rule, std::size_t k) {
  std::string name = rule.id.empty() ? "" : " \"" + rule.id + "\"";
  return "rule" + name + " (feedback/" + std::to_string(k) + "): " + rule.when.text();
}

// `name = value, …` for the variables `shown` marks.
std::string describe_state(const MachineSpec& spec, const std::vector<double>& values,
                           const std::vector<bool>& shown) {
  std::string out;
  const auto& vars = spec.variables;
  for (std::size_t k = 0; k < vars.size() && k < values.size(); ++k) {
    if (!shown[k]) continue;
    out += (out.empty() ? "" : ", ") + vars[k].name + " = " +
           (vars[k].type == ValueType::boolean ? format_bool(values[k] != 0.0, fallback_locale)
                                               : format_number(values[k], fallback_locale));
  }
  return out;
}

}  // namespace

Exploration explore_states(const Lesson& lesson, const Step& step, const LintOptions& options) {
  Exploration out;
  if (step.kind != StepKind::operate || !lesson.machine_spec) return out;
  LintOptions keep = options;
  keep.keep_settings = true;
  ReachableStates found = reachable_states(lesson, step, keep);
  out.states = found.values.size();
  out.exhaustive = found.exhaustive;
  if (!found.values.empty()) out.start_values = found.values.front();
  for (std::size_t k = 0; k < step.feedback.size(); ++k) {
    out.groups.push_back(
        {StateGroup::Shows::rule, static_cast<int>(k), rule_label(step.feedback[k], k), {}});
  }
  out.groups.push_back({StateGroup::Shows::goal,
                        -1,
                        "goal met, the reveal shows: " + (step.goal ? step.goal->text() : ""),
                        {}});
  out.groups.push_back({StateGroup::Shows::nothing, -1, "no feedback", {}});
  for (std::size_t s = 0; s < found.values.size(); ++s) {
    const auto& v = found.values[s];
    // As the engine judges it: the goal first, then the first rule that holds.
    std::size_t group = step.feedback.size() + 1;
    if (step.goal && step.goal->holds(v)) {
      group = step.feedback.size();
    } else {
      for (std::size_t r = 0; r < step.feedback.size(); ++r) {
        if (step.feedback[r].when.holds(v)) {
          group = r;
          break;
        }
      }
    }
    out.groups[group].states.push_back({v, found.settings[s]});
  }
  // In the order of the variables' values (fewest GPUs first), not the order the search met them.
  for (auto& g : out.groups) {
    std::sort(g.states.begin(), g.states.end(),
              [](const ExploredState& a, const ExploredState& b) { return a.values < b.values; });
  }
  return out;
}

std::string format_exploration(const Lesson& lesson, const Step& step, const Exploration& e,
                               std::size_t per_group) {
  std::string out = "step \"" + step.id + "\": " + std::to_string(e.states) +
                    (e.exhaustive ? " reachable states" : " sampled states (not every one)") + "\n";
  // A variable no move changes is said once, above the table, so each row shows what differs.
  const MachineSpec& spec = lesson.spec_of(step);
  const std::size_t n = spec.variables.size();
  std::vector<bool> varies(n, false);
  for (const auto& g : e.groups) {
    for (const auto& s : g.states) {
      for (std::size_t k = 0; k < n && k < s.values.size() && k < e.start_values.size(); ++k)
        varies[k] = varies[k] || s.values[k] != e.start_values[k];
    }
  }
  std::vector<bool> constant(n);
  for (std::size_t k = 0; k < n; ++k)
    constant[k] = !varies[k];
  if (n > 0 && !e.start_values.empty()) {
    out += "in every state: " + describe_state(spec, e.start_values, constant) + "\n";
  }
  for (const auto& g : e.groups) {
    out += "\n" + g.label + " — " + std::to_string(g.states.size()) + " state(s)" +
           (g.states.empty() && g.shows == StateGroup::Shows::rule ? ": never fires" : "") + "\n";
    for (std::size_t k = 0; k < g.states.size() && k < per_group; ++k)
      out += "  " + describe_state(spec, g.states[k].values, varies) + "\n";
    if (g.states.size() > per_group) {
      out += "  … and " + std::to_string(g.states.size() - per_group) + " more\n";
    }
  }
  return out;
}

}  // namespace lessonsim
