// Warnings for lessons that load but would mislead a learner or an instructor (`lessonsim check`).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "lessonsim/diagnostics.hpp"
#include "lessonsim/json_source.hpp"
#include "lessonsim/lesson.hpp"

namespace lessonsim {

// How many characters each kind of text may have before its panel needs scrolling in a
// 1280x800 window (DejaVu Sans at the UI's size, the panel widths of the window layout).
// A placeholder counts as `placeholder_chars`, the width of a typical number with its unit.
struct TextBudgets {
  int title = 60;          // the lesson's and a step's title: one line
  int body = 600;          // narrate, demo, operate and summary text: the narration panel
  int prompt = 300;        // a predict or quiz prompt, above its choices
  int choice = 120;        // one choice: two lines of a button
  int explanation = 400;   // a question's explain and a choice's feedback
  int feedback = 240;      // an operate rule's `say`: the feedback strip under the machine
  int reveal = 400;        // an operate step's reveal
  int summary_part = 200;  // key_idea, can_do, leads_to: one card each
  int definition = 400;    // a glossary definition: its tooltip
  int placeholder_chars = 8;
};

struct LintOptions {
  TextBudgets budgets;
  // A translation shorter than this share of the longest locale of the same text is flagged,
  // once that longest one has at least `translation_min_chars` characters.
  double translation_ratio = 0.4;
  int translation_min_chars = 24;
  // The state search is exhaustive while it stays under this many machine moves and distinct
  // states; past either, the states are sampled by `sample_walks` random walks of
  // `sample_walk_length` moves.
  std::size_t exhaustive_moves = 3000;
  std::size_t exhaustive_states = 1000;
  // A step whose first search leaves something unproven (a goal not yet met, a rule not yet
  // fired) is searched again within these, so that `check` can refuse it for certain; only a
  // lesson with something to report pays for the longer search.
  std::size_t proof_moves = 200000;
  std::size_t proof_states = 20000;
  int sample_walks = 20;
  int sample_walk_length = 50;
  // Whether the window's font can draw a character; when set, every other character of a text is
  // a warning that names it and where it is. `font_name` is how the warning names the font.
  std::function<bool(char32_t)> can_draw;
  std::string font_name;
  // Keep each state's machine settings too (the explorer puts the machine there); the lint
  // itself needs only the variables.
  bool keep_settings = false;
};

// The machine states a learner can reach on an operate step, from its setup, with the actions
// the step allows. States are told apart by the machine's variables, which is all that
// conditions see.
struct ReachableStates {
  std::vector<std::vector<double>> values;  // one entry per distinct state, the start first
  std::vector<nlohmann::json> settings;     // with `keep_settings`: each state's settings
  bool exhaustive = true;                   // false: `values` is a sample
};

// The states a learner can reach on an operate step. `enough`, when given, sees each new state's
// variables and may end the search early by returning true (then `values` is a sample).
ReachableStates reachable_states(
    const Lesson& lesson, const Step& step, const LintOptions& options = {},
    const std::function<bool(const std::vector<double>&)>& enough = nullptr);

// Adds warnings about `lesson` to `diags`; `root` is the same file parsed with positions.
void lint_lesson(const Lesson& lesson, const JsonNode& root, Diagnostics& diags,
                 const LintOptions& options = {});

// The same from the file's text (parsed again for positions).
void lint_lesson_source(const Lesson& lesson, std::string_view text, Diagnostics& diags,
                        const LintOptions& options = {});

// The number of characters (UTF-8 code points) a text shows, placeholders at their budget.
int display_length(std::string_view text, int placeholder_chars);

}  // namespace lessonsim
