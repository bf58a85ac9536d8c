#include "lessonsim/recording.hpp"
#include "lessonsim/messages.hpp"

#include <cctype>
#include <cmath>
#include <map>

#include "lessonsim/lint.hpp"
#include "lessonsim/playthrough.hpp"

namespace lessonsim {

namespace {

constexpr std::size_t min_words = 3;

std::string first_locale(const Lesson& lesson) {
  return lesson.locales.empty() ? std::string(fallback_locale) : lesson.locales.front();
}

// Every other feedback text the current step can show, as it would read now.
std::vector<std::string> other_texts(const Engine& engine, const std::string& locale,
                                     const std::string& shown) {
  const Step& s = engine.step();
  std::vector<const LocalizedText*> texts = {&s.reveal, &s.explain};
  for (const auto& rule : s.feedback)
    texts.push_back(&rule.say);
  for (const auto& c : s.choices)
    texts.push_back(&c.feedback);
  std::vector<std::string> out;
  for (const LocalizedText* t : texts) {
    if (t->empty()) continue;
    std::string rendered = engine.render(*t, locale);
    if (rendered != shown) out.push_back(std::move(rendered));
  }
  return out;
}

bool is_identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

bool names_variable(const std::string& expr, const std::string& name) {
  for (std::size_t at = expr.find(name); at != std::string::npos; at = expr.find(name, at + 1)) {
    bool starts = at == 0 || !is_identifier_char(expr[at - 1]);
    std::size_t end = at + name.size();
    bool ends = end == expr.size() || !is_identifier_char(expr[end]);
    if (starts && ends) return true;
  }
  return false;
}

// Which variables some move of some operate step changes. The others follow from the lesson's
// settings alone (a GPU's memory, the fewest GPUs a model needs): pinning them in a recording
// would only make it break when the settings are edited.
std::vector<bool> moved_variables(const Lesson& lesson, const MachineSpec& spec) {
  std::vector<bool> moved(spec.variables.size(), false);
  for (const auto& step : lesson.steps) {
    if (step.kind != StepKind::operate || &lesson.spec_of(step) != &spec) continue;
    ReachableStates states = reachable_states(lesson, step);
    for (const auto& v : states.values) {
      for (std::size_t k = 0; k < moved.size() && k < v.size(); ++k)
        moved[k] = moved[k] || v[k] != states.values.front()[k];
    }
  }
  return moved;
}

// The machine's state as a condition over the variables the lesson's goals name and the learner
// can change, where their values can be written exactly; empty when there is none.
std::string state_condition(const Engine& engine) {
  const Lesson& lesson = engine.lesson();
  const auto& vars = engine.machine().spec().variables;
  std::vector<bool> moved = moved_variables(lesson, engine.machine().spec());
  std::string out;
  for (std::size_t k = 0; k < vars.size() && k < engine.values().size(); ++k) {
    bool named = false;
    for (const auto& s : lesson.steps) {
      if (s.goal && names_variable(s.goal->text(), vars[k].name)) named = true;
    }
    if (!moved[k]) continue;
    double v = engine.values()[k];
    std::string term;
    if (!named) continue;
    if (vars[k].type == ValueType::boolean) {
      term = v != 0 ? vars[k].name : "!" + vars[k].name;
    } else if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15) {
      term = vars[k].name + " == " + std::to_string(static_cast<long long>(v));
    } else {
      continue;  // a fraction does not survive being written and read back exactly
    }
    out += (out.empty() ? "" : " && ") + term;
  }
  return out;
}

}  // namespace

Action PlaythroughRecorder::start_at(const std::string& step_id) {
  return Action::with("goto", "step", step_id);
}

std::string distinctive_part(const std::string& text, const std::vector<std::string>& others) {
  std::vector<std::size_t> starts, ends;
  for (std::size_t i = 0; i < text.size();) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
      ++i;
    if (i == text.size()) break;
    starts.push_back(i);
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])))
      ++i;
    ends.push_back(i);
  }
  std::size_t n = starts.size();
  if (n == 0) return text;
  for (std::size_t len = std::min(min_words, n); len <= n; ++len) {
    for (std::size_t first = 0; first + len <= n; ++first) {
      std::string part = text.substr(starts[first], ends[first + len - 1] - starts[first]);
      bool unique = true;
      for (const auto& o : others) {
        if (o.find(part) != std::string::npos) unique = false;
      }
      if (unique) return part;
    }
  }
  return text.substr(starts.front(), ends.back() - starts.front());
}

namespace {

// From format 4 an expectation names the action it follows by that action's label, so an
// action inserted later moves nothing: each such action is labelled by its move and how many of
// that move came before it ("add_gpu-3", the third add_gpu), unique in the playthrough.
void label_actions(nlohmann::json& actions, nlohmann::json& expect) {
  std::map<std::string, int> seen;
  std::vector<std::string> labels;
  for (const auto& a : actions) {
    std::string op = a.value("do", std::string());
    labels.push_back(op + "-" + std::to_string(++seen[op]));
  }
  for (auto& e : expect) {
    if (!e.contains("after") || !e["after"].is_number_integer()) continue;
    auto k = e["after"].get<std::size_t>() - 1;
    actions[k]["label"] = labels[k];
    e["after"] = labels[k];
  }
}

}  // namespace

void PlaythroughRecorder::observe(const Action& action, const Events& events, const Engine& after) {
  actions_.push_back(action);
  nlohmann::json e = nlohmann::json::object();
  bool refused = events.size() == 1 && events.front().kind == EventKind::rejected;
  bool shows_feedback = false, cleared = false;
  for (const auto& ev : events) {
    switch (ev.kind) {
      case EventKind::rejected:
        break;
      case EventKind::step_changed:
        e["step"] = after.step().id;
        break;
      case EventKind::answer_judged:
        e["correct"] = ev.correct;
        shows_feedback = true;
        break;
      case EventKind::feedback:
        shows_feedback = true;
        break;
      case EventKind::reveal_shown:
        e["reveal_shown"] = true;
        shows_feedback = true;
        break;
      case EventKind::feedback_cleared:
        cleared = true;
        break;
      case EventKind::lesson_finished:
        e["finished"] = true;
        break;
      default:
        break;
    }
  }
  if (refused) {
    e = {{"rejected", true}};
  } else {
    std::string locale = first_locale(after.lesson());
    std::string shown = visible_feedback(after, locale);
    const FeedbackRule* rule =
        after.step().kind == StepKind::operate && !after.goal_met() ? after.feedback() : nullptr;
    if (shows_feedback && rule) {
      // The rule itself, not its words: its numbers change with any machine setting.
      if (rule->id.empty()) {
        e["holds"] = rule->when.text();
      } else {
        e["feedback_rule"] = rule->id;
      }
    } else if (shows_feedback && !shown.empty() && after.step().kind != StepKind::operate) {
      e["feedback_contains"] = distinctive_part(shown, other_texts(after, locale, shown));
    } else if (cleared && shown.empty()) {
      e["no_feedback"] = true;
    }
  }
  if (e.empty()) return;
  nlohmann::json numbered = {{"after", actions_.size()}};
  numbered.update(e);
  expect_.push_back(std::move(numbered));
}

nlohmann::json PlaythroughRecorder::playthrough(const std::string& name, const Engine& end) const {
  nlohmann::json actions = nlohmann::json::array();
  for (const auto& a : actions_)
    actions.push_back(a.to_json());
  nlohmann::json expect = expect_;
  if (end.lesson().format >= 4) label_actions(actions, expect);
  std::string condition = state_condition(end);
  nlohmann::json last = {
      {"at_end", condition.empty() ? nlohmann::json(true) : nlohmann::json(condition)},
      {"step", end.step().id}};
  if (end.finished()) last["finished"] = true;
  expect.push_back(std::move(last));
  return {{"name", name}, {"actions", actions}, {"expect", expect}};
}

}  // namespace lessonsim
