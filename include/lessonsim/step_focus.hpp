// What a step's picture is about: the variables its words and rules read, which parts of the
// machine's picture draw them (shown) and which do not (faded, or folded away), and what a
// predict step keeps off the screen until the learner has chosen.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lessonsim/lesson.hpp"

namespace lessonsim {

enum class PartFocus { shown, faded, folded };

struct StepFocus {
  // Every variable the step's goal, feedback rules, texts (title, body, choices, explanation,
  // reveal, summary) and `point` read, and its `show` list.
  std::vector<std::string> reads;
  // Those its body and its reveal (or explanation) read, with every variable of a part of the
  // picture that draws one of them: what it explains, so a warning may stand on them at the
  // goal.
  std::vector<std::string> explained;
  // A predict step before its choice (format 4): its `answer_from`'s variables and `hides`.
  std::vector<std::string> hidden;
  // One per part of the machine's picture (MachineSpec::picture), in its order.
  std::vector<PartFocus> parts;

  bool reads_var(std::string_view var) const;
  bool explains(std::string_view var) const;
  bool hides(std::string_view var) const;
  // The focus of the picture's part `id`; shown for a part the kind does not list.
  PartFocus part(const MachineSpec& spec, std::string_view id) const;
};

// The variables `text` reads through its placeholders, in every locale, by name.
std::vector<std::string> text_reads(const LocalizedText& text, const MachineSpec& spec);

// The step's focus. Format 4: the parts drawing a variable it reads are shown, those drawing a
// `hide` variable folded, and so is an overlay part (PicturePart::folds) it does not read; the
// rest faded (all shown when it reads nothing the picture draws);
// before a predict step's choice (`chosen` false) its answer's variables are hidden. Before
// format 4 every part is shown and nothing hidden.
StepFocus step_focus(const Lesson& lesson, const Step& step, bool chosen);

// A question's answer as a quantity, when its `answer_from` is one variable with a unit: the
// variable, its unit, its value among `values` (the step's machine's) and how close another
// value must come to read as the same answer (half the last decimal the right choice is
// written with).
struct AnswerQuantity {
  std::string var, unit;
  double value = 0, within = 0;
};
std::optional<AnswerQuantity> answer_quantity(const Lesson& lesson, const Step& step,
                                              std::span<const double> values);

}  // namespace lessonsim
