// A lesson as loaded from its JSON file: steps, texts in every locale, rules and playthroughs.
#pragma once

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

// Format 2 adds choice values, `answer_from`, rule ids and computed placeholders.
inline constexpr int current_format = 2;

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
  std::vector<Action> actions;                      // demo
  nlohmann::json setup = nlohmann::json::object();  // demo, operate: settings on entry
  std::optional<Expression> goal;                   // operate
  std::vector<FeedbackRule> feedback;               // operate: first match wins
  LocalizedText reveal;                             // operate: shown when the goal is met
  std::vector<std::string> allow;                   // operate: machine actions allowed
  std::string prediction;                           // operate: a predict step to recall
  SourcePos prediction_pos;
  std::shared_ptr<const Practice> practice;         // operate: how review varies it
  LocalizedText key_idea, can_do, leads_to;  // summary
};

struct GlossaryEntry {
  LocalizedText term;  // a plain string in the file stands for the same term in every locale
  LocalizedText definition;
};

struct Expectation {
  int after = 0;  // 1-based action count; 0 means at the end
  std::optional<Expression> holds;
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
};

struct Playthrough {
  std::string name;
  std::string locale;
  std::vector<Action> actions;
  std::vector<Expectation> expect;
  SourcePos pos;
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
};

}  // namespace lessonsim
