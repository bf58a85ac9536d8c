#include "lessonsim/playthrough.hpp"
#include "lessonsim/messages.hpp"

#include <algorithm>
#include <chrono>

namespace lessonsim {

std::string visible_feedback(const Engine& engine, std::string_view locale) {
  const Step& s = engine.step();
  if (s.kind == StepKind::operate) {
    if (engine.goal_met()) return engine.render(s.reveal, locale);
    if (const FeedbackRule* rule = engine.feedback()) return engine.render(rule->say, locale);
    return {};
  }
  if (const LocalizedText* e = engine.explanation()) return engine.render(*e, locale);
  return {};
}

std::string prediction_recall(const Engine& engine, std::string_view locale) {
  const Step& s = engine.step();
  if (s.prediction.empty()) return {};
  int index = engine.lesson().step_index(s.prediction);
  if (index < 0) return {};
  const Step& predict = engine.lesson().steps[static_cast<std::size_t>(index)];
  int choice = engine.record(index).choice;
  if (choice < 0) return {};
  std::string guessed =
      engine.render(predict.choices[static_cast<std::size_t>(choice)].text, locale);
  std::string answer =
      engine.render(predict.choices[static_cast<std::size_t>(predict.answer)].text, locale);
  return (phrase(locale, "playthrough.your_prediction")) + guessed +
         phrase(locale, "playthrough.the_answer") + answer;
}

std::string visible_text(const Engine& engine, std::string_view locale) {
  const Step& s = engine.step();
  std::string out = engine.render(s.title, locale);
  if (!out.empty()) out += '\n';
  out += engine.render(s.text, locale);
  if (s.kind == StepKind::summary) {
    for (const LocalizedText* t : {&s.key_idea, &s.can_do, &s.leads_to}) {
      out += '\n' + engine.render(*t, locale);
    }
  }
  for (const auto& c : s.choices)
    out += '\n' + engine.render(c.text, locale);
  if (std::string recall = prediction_recall(engine, locale); !recall.empty()) out += '\n' + recall;
  return out;
}

std::string describe_action(const Action& action) {
  std::string out = action.op;
  for (const auto& [key, value] : action.args.items()) {
    out += ' ' + key + '=' + (value.is_string() ? value.get<std::string>() : value.dump());
  }
  return out;
}

namespace {

// The expectation's condition for `spec`: compiled for it, or for a table of the same kind with
// the same variables (a formula machine's table in another load of the lesson, its pseudo
// locale's copy), whose indices are the same.
const MachineCondition* condition_for(const Expectation& e, const MachineSpec& spec) {
  for (const auto& c : e.holds) {
    if (c.spec == &spec) return &c;
  }
  auto same_names = [](const VariableInfo& a, const VariableInfo& b) { return a.name == b.name; };
  for (const auto& c : e.holds) {
    if (c.spec->kind == spec.kind &&
        std::equal(c.spec->variables.begin(), c.spec->variables.end(), spec.variables.begin(),
                   spec.variables.end(), same_names)) {
      return &c;
    }
  }
  return nullptr;
}

std::string quote(const std::string& s) {
  return s.empty() ? "nothing" : "\"" + s + "\"";
}

// Checks one expectation against the engine; returns what is wrong, or an empty string.
std::string check(const Expectation& e, const Engine& engine, const std::string& locale,
                  const Events* events) {
  bool refused = events && events->size() == 1 && events->front().kind == EventKind::rejected;
  if (e.rejected && !refused) return "expected the action to be refused, but it was done";
  if (!e.refusal_contains.empty()) {
    std::string why = engine.render(events->front().text, locale);
    if (why.find(e.refusal_contains) == std::string::npos) {
      return "expected the refusal to say \"" + e.refusal_contains + "\", but it says " +
             quote(why);
    }
  }
  if (e.finished && engine.finished() != *e.finished) {
    return *e.finished ? "expected the lesson to be finished, but it is not"
                       : "expected the lesson not to be finished, but it is";
  }
  if (!e.step.empty() && engine.step().id != e.step) {
    return "expected step \"" + e.step + "\", but the learner is on \"" + engine.step().id + "\"";
  }
  if (!e.holds.empty()) {
    const MachineSpec& spec = engine.machine().spec();
    const MachineCondition* on = condition_for(e, spec);
    if (!on) {
      return "expected " + e.holds_text + ", but the " + spec.kind + " machine of step \"" +
             engine.step().id + "\" has no such variables";
    }
    if (!on->condition.holds(engine.values())) {
      std::string vars;
      for (std::size_t k = 0; k < spec.variables.size(); ++k) {
        const auto& v = spec.variables[k];
        if (e.holds_text.find(v.name) == std::string::npos) continue;
        vars += (vars.empty() ? "" : ", ") + v.name + " = " +
                (v.type == ValueType::boolean ? std::string(engine.values()[k] ? "true" : "false")
                                              : format_number(engine.values()[k], fallback_locale));
      }
      return "expected " + e.holds_text + ", but " + (vars.empty() ? "it is false" : vars);
    }
  }
  std::string feedback = visible_feedback(engine, locale);
  if (!e.feedback_contains.empty() && feedback.find(e.feedback_contains) == std::string::npos) {
    return "expected feedback containing \"" + e.feedback_contains + "\", but the learner sees " +
           quote(feedback);
  }
  if (!e.feedback_rule.empty()) {
    const FeedbackRule* rule =
        engine.step().kind == StepKind::operate && !engine.goal_met() ? engine.feedback() : nullptr;
    if (!rule || rule->id != e.feedback_rule) {
      std::string now = !rule              ? (engine.goal_met() ? "the reveal" : "no feedback")
                        : rule->id.empty() ? "a rule without an id, " + quote(rule->when.text())
                                           : "rule " + quote(rule->id);
      return "expected feedback rule \"" + e.feedback_rule + "\" to fire, but the learner sees " +
             now;
    }
  }
  if (e.expect_no_feedback && !feedback.empty()) {
    return "expected no feedback, but the learner sees " + quote(feedback);
  }
  if (!e.text_contains.empty()) {
    std::string text = visible_text(engine, locale);
    if (text.find(e.text_contains) == std::string::npos) {
      return "expected the step's text to contain \"" + e.text_contains + "\", but it reads " +
             quote(text);
    }
  }
  bool reveal_now = engine.step().kind == StepKind::operate && engine.goal_met();
  if (e.reveal_shown && reveal_now != *e.reveal_shown) {
    return *e.reveal_shown ? "expected the reveal, but the goal is not met"
                           : "expected no reveal, but the goal is met";
  }
  if (e.correct) {
    std::optional<bool> verdict = engine.choice_right();
    if (!verdict) return "expected an answer to be judged, but none was chosen here";
    bool right = *verdict;
    if (right != *e.correct) {
      return std::string("expected the answer to be judged ") + (*e.correct ? "right" : "wrong") +
             ", but it was judged " + (right ? "right" : "wrong");
    }
  }
  return {};
}

}  // namespace

PlaythroughResult run_playthrough(const std::shared_ptr<const Lesson>& lesson,
                                  const Playthrough& playthrough) {
  auto started = std::chrono::steady_clock::now();
  PlaythroughResult result{lesson->id, playthrough.name, true, {}, {}, 0, {}, {}};
  Engine engine(lesson);
  auto fail = [&](std::string message, SourcePos pos, std::string pointer) {
    if (result.passed) {
      result.passed = false;
      result.message = std::move(message);
      result.pos = pos;
      result.pointer = std::move(pointer);
    }
  };
  const std::string& locale = playthrough.locale;
  for (std::size_t k = 0; k < playthrough.actions.size() && result.passed; ++k) {
    const Action& action = playthrough.actions[k];
    Events events = engine.apply(action);
    bool refused = events.size() == 1 && events.front().kind == EventKind::rejected;
    int count = static_cast<int>(k) + 1;
    std::string where =
        "after action " + std::to_string(count) + " (" + describe_action(action) + ")";
    bool refusal_expected = false;
    for (const auto& e : playthrough.expect)
      refusal_expected = refusal_expected || (e.after == count && e.rejected);
    // An unexpected refusal is the cause of whatever is expected after it, so it is named first.
    if (refused && !refusal_expected) {
      fail("action " + std::to_string(count) + " (" + describe_action(action) +
               ") was refused: " + engine.render(events.front().text, fallback_locale),
           k < playthrough.action_pos.size() ? playthrough.action_pos[k] : playthrough.pos,
           playthrough.pointer + "/actions/" + std::to_string(k));
    }
    for (const auto& e : playthrough.expect) {
      if (e.after != count) continue;
      std::string problem = check(e, engine, locale, &events);
      if (!problem.empty()) fail(where + ": " + problem, e.pos, e.pointer);
    }
  }
  for (const auto& e : playthrough.expect) {
    if (e.after != 0 || !result.passed) continue;
    std::string problem = check(e, engine, locale, nullptr);
    if (!problem.empty()) fail("at the end: " + problem, e.pos, e.pointer);
  }
  result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

}  // namespace lessonsim
