// A lesson as loaded from its JSON file: steps, texts in every locale, rules and playthroughs.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "lessonsim/diagnostics.hpp"
#include "lessonsim/expr.hpp"
#include "lessonsim/machine.hpp"
#include "lessonsim/practice.hpp"
#include "lessonsim/text.hpp"

namespace lessonsim {

// Format 2 adds choice values, `answer_from`, rule ids and computed placeholders. Format 3 lets
// every step show a machine (`show`, `setup` and `actions` on every kind, `point`, a step's own
// `machine`); formats 1 and 2 read exactly as before. Format 4 adds action labels that
// expectations name (`"after": "label"`) and an operate step's `deliberate`; it also focuses each
// step's picture on what the step reads (`show`/`hide` lists say otherwise) and keeps a predict
// step's answer (`answer_from`, `hides`) off the picture until the choice.
inline constexpr int current_format = 4;

// What `check` refuses on an operate step unless the step declares it deliberate, with a reason
// (format 4): a goal no reachable state meets, a goal met on entry, a rule that never fires.
inline constexpr const char* deliberate_goal_never_met = "goal_never_met";
inline constexpr const char* deliberate_goal_met_on_entry = "goal_met_on_entry";
inline constexpr const char* deliberate_rule_never_fires = "rule_never_fires";

// Lesson, step and course ids, and `next`: `^[a-z0-9_-]{1,64}$`, so an id is never a path.
bool valid_id(std::string_view id);
inline constexpr const char* id_pattern_words =
    "lowercase letters, digits, '-' and '_' (at most 64)";

enum class StepKind { narrate, predict, demo, operate, quiz, summary };
const char* step_kind_name(StepKind kind);

struct Choice {
  LocalizedText text;
  LocalizedText feedback;       // optional: why this choice is right or wrong
  std::optional<double> value;  // optional: the quantity this choice stands for
  int value_decimals = 0;       // how many decimals `value` is written with
};

struct FeedbackRule {
  Expression when;
  LocalizedText say;
  std::string id;  // optional, unique in its step: what recordings and the explorer name it by
};

struct Step {
  std::string id;
  StepKind kind = StepKind::narrate;
  SourcePos pos;
  std::string pointer;  // where the step stands in its file, e.g. /steps/3
  LocalizedText title;  // optional short heading
  LocalizedText text;   // narrate, demo, operate: the body; predict, quiz: the prompt
  std::vector<Choice> choices;
  int answer = -1;                        // derived from `answer_from` when the step has one
  std::optional<Expression> answer_from;  // predict, quiz: the machine quantity that is right
  LocalizedText explain;
  std::vector<Action> actions;                      // demo; narrate, predict, quiz (format 3)
  nlohmann::json setup = nlohmann::json::object();  // settings on entry (every kind)
  std::optional<Expression> goal;                   // operate
  std::vector<FeedbackRule> feedback;               // operate: first match wins
  LocalizedText reveal;                             // operate: shown when the goal is met
  std::vector<std::string> allow;                   // operate: machine actions allowed
  std::string prediction;                           // operate: a predict step to recall
  SourcePos prediction_pos;
  std::shared_ptr<const Practice> practice;  // operate: how review varies it
  // operate: the refusals of `check` the author declares deliberate, each with its reason.
  std::map<std::string, std::string> deliberate;
  LocalizedText key_idea, can_do, leads_to;  // summary
  // Whether the step draws its machine: always for demo and operate; for the other kinds the
  // file's `show`, which is true by default from format 3 on (a text card before).
  bool show = false;
  std::string point;  // a variable of the step's machine whose mark the picture rings
  SourcePos point_pos;
  // Format 4: the parts of the picture drawing these variables are shown (`show`) or folded
  // away (`hide`) whatever the step reads; a predict step's `hides` are drawn only after the
  // choice, as its `answer_from`'s variables are.
  std::vector<std::string> show_parts, hide_parts, hides;
  SourcePos hides_pos;
  // The step's own machine (format 3), as its `machine` configures it; null: the lesson's.
  std::shared_ptr<const Machine> machine;
};

struct Lesson;
// Whether entering `step` sets its machine up afresh (its own or the lesson's, with its `setup`
// and then its `actions`) rather than showing the machine as the learner left it: operate and
// demo steps always; from format 3, any step with its own machine, a setup or actions.
bool sets_up_machine(const Lesson& lesson, const Step& step);

struct GlossaryEntry {
  LocalizedText term;  // a plain string in the file stands for the same term in every locale
  LocalizedText definition;
};

// A playthrough condition compiled for one machine of the lesson (the lesson's or a step's);
// it is judged on the machine of the step the learner is on.
struct MachineCondition {
  const MachineSpec* spec = nullptr;
  Expression condition;
};

struct Expectation {
  // The action it follows, counted from 1 (the file says the count, or from format 4 the
  // action's label); 0 means at the end.
  int after = 0;
  // `holds` or `at_end`, for each machine of the lesson whose variables it names; empty when
  // the expectation has no condition.
  std::vector<MachineCondition> holds;
  std::string holds_text;
  std::string feedback_contains;
  std::string feedback_rule;  // the id of the feedback rule that fires now
  bool expect_no_feedback = false;
  std::string text_contains;  // the step's visible text, placeholders filled
  std::string step;
  std::optional<bool> reveal_shown;  // the reveal is on screen now
  std::optional<bool> correct;
  std::optional<bool> finished;  // the learner went past the last step
  bool rejected = false;
  std::string refusal_contains;  // what the refusal of the action says
  SourcePos pos;
  std::string pointer;  // where it stands in the file, e.g. /playthroughs/0/expect/2
};

struct Playthrough {
  std::string name;
  std::string locale;
  std::vector<Action> actions;
  std::vector<Expectation> expect;
  SourcePos pos;
  std::string pointer;                // e.g. /playthroughs/0
  std::vector<SourcePos> action_pos;  // where each action stands, for a located failure
  std::vector<std::string> labels;    // each action's label (format 4), empty when it has none
};

struct Lesson {
  std::string file;
  int format = current_format;
  std::string id;
  std::string version;
  std::vector<std::string> locales;
  LocalizedText title;
  std::string next;
  const MachineSpec* machine_spec = nullptr;
  std::shared_ptr<const Machine> machine;  // the machine as the lesson configures it
  std::vector<Step> steps;
  std::vector<GlossaryEntry> glossary;
  std::vector<Playthrough> playthroughs;

  int step_index(std::string_view step_id) const;  // -1 when there is none
  // The machine a step works on: its own, or the lesson's.
  const Machine& machine_of(const Step& step) const {
    return step.machine ? *step.machine : *machine;
  }
  const MachineSpec& spec_of(const Step& step) const { return machine_of(step).spec(); }
};

}  // namespace lessonsim
