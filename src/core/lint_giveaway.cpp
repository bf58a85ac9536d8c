// A predict step whose picture shows its answer before the choice: a variable of the answer
// drawn, or another drawn variable of the same quantity and value (the exchange in seconds when
// the answer is the exchange in hours), on the step itself or on an earlier step that sets up
// the same machine. An error, located at the step that shows it.
#include <algorithm>
#include <cmath>

#include "lessonsim/step_focus.hpp"
#include "lessonsim/units.hpp"
#include "lint_detail.hpp"

namespace lessonsim::lint_detail {

namespace {

// The variables a step's picture draws as it is entered: every part its focus does not fold
// (the variables table of a kind that lists no parts draws them all), less what it hides.
std::vector<std::string> drawn_on(const Lesson& lesson, const Step& step, const StepFocus& focus) {
  const MachineSpec& spec = lesson.spec_of(step);
  std::vector<std::string> out;
  auto add = [&](const std::string& v) {
    if (!focus.hides(v) && std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
  };
  if (spec.picture.empty()) {
    for (const auto& v : spec.variables)
      add(v.name);
  }
  for (std::size_t k = 0; k < spec.picture.size(); ++k) {
    if (focus.parts[k] == PartFocus::folded) continue;
    for (const std::string& v : spec.picture[k].variables)
      add(v);
  }
  return out;
}

// The machine as entering `step` sets it up, or null when it stands as the learner left it.
std::unique_ptr<Machine> machine_on_entry(const Lesson& lesson, const Step& step) {
  if (!sets_up_machine(lesson, step)) return nullptr;
  std::unique_ptr<Machine> m = lesson.machine_of(step).clone();
  for (const auto& [key, value] : step.setup.items())
    m->set(key, value);
  if (step.kind != StepKind::operate) {
    for (const auto& a : step.actions)
      m->apply(a);
  }
  return m;
}

// The drawn variable of `m` that reads as `answer` (another unit of the same quantity, or the
// same count), with its value in its own unit; none when no drawn variable does.
std::optional<std::pair<std::string, std::string>> shown_answer(
    const MachineSpec& spec, const Machine& m, const std::vector<std::string>& drawn,
    const AnswerQuantity& answer, std::string_view skip) {
  const UnitMeasure* answer_measure = unit_measure(answer.unit);
  std::vector<double> values;
  m.values(values);
  for (std::size_t k = 0; k < spec.variables.size(); ++k) {
    const VariableInfo& v = spec.variables[k];
    if (v.name == skip || v.unit.empty()) continue;
    if (std::find(drawn.begin(), drawn.end(), v.name) == drawn.end()) continue;
    const UnitMeasure* measure = unit_measure(v.unit);
    double in_answer_unit = 0;
    if (answer_measure && measure && measure->quantity == answer_measure->quantity) {
      in_answer_unit = values[k] * measure->per_unit / answer_measure->per_unit;
    } else if (!answer_measure && !measure && v.unit == answer.unit) {
      in_answer_unit = values[k];
    } else {
      continue;
    }
    if (std::abs(in_answer_unit - answer.value) <= answer.within)
      return std::pair{v.name, format_number(values[k], "en") + " " + v.unit};
  }
  return std::nullopt;
}

std::string quoted_name(const std::string& s) {
  return "\"" + s + "\"";
}

}  // namespace

void lint_giveaway(const Lesson& lesson, Diagnostics& diags) {
  for (std::size_t p = 0; p < lesson.steps.size(); ++p) {
    const Step& question = lesson.steps[p];
    if (question.kind != StepKind::predict || !question.show) continue;
    const StepFocus focus = step_focus(lesson, question, false);
    const std::vector<std::string> drawn = drawn_on(lesson, question, focus);
    const MachineSpec& spec = lesson.spec_of(question);
    const SourcePos at = question.hides.empty() ? question.pos : question.hides_pos;
    // A variable of the answer itself, drawn (before format 4 nothing is hidden).
    if (question.answer_from) {
      for (int k : question.answer_from->variables()) {
        const std::string& name = spec.variables[static_cast<std::size_t>(k)].name;
        if (std::find(drawn.begin(), drawn.end(), name) == drawn.end()) continue;
        diags.error(at,
                    "predict step " + quoted_name(question.id) + " draws " + quoted_name(name) +
                        ", its answer, before the learner chooses: raise the lesson to format 4, "
                        "which keeps the answer off the picture until the choice",
                    question.pointer);
      }
    }
    std::unique_ptr<Machine> on_entry = machine_on_entry(lesson, question);
    if (!on_entry) continue;
    std::vector<double> values;
    on_entry->values(values);
    auto answer = answer_quantity(lesson, question, values);
    if (!answer) continue;
    const std::string answer_text =
        answer->var + " = " + format_number(answer->value, "en") + " " + answer->unit;
    if (auto shown = shown_answer(spec, *on_entry, drawn, *answer, answer->var)) {
      diags.error(at,
                  "predict step " + quoted_name(question.id) + " shows " + shown->first + " (" +
                      shown->second +
                      ") before the learner chooses, which gives away its answer (" + answer_text +
                      "): list " + quoted_name(shown->first) +
                      " in the step's \"hides\", or ask about what the picture does not draw",
                  question.pointer + (question.hides.empty() ? "" : "/hides"));
    }
    // An earlier step showing the same machine with the answer on it.
    for (std::size_t s = 0; s < p; ++s) {
      const Step& before = lesson.steps[s];
      if (!before.show || &lesson.spec_of(before) != &spec) continue;
      std::unique_ptr<Machine> there = machine_on_entry(lesson, before);
      if (!there) continue;
      const StepFocus f = step_focus(lesson, before, true);
      if (auto shown = shown_answer(spec, *there, drawn_on(lesson, before, f), *answer, {})) {
        diags.error(before.pos,
                    "step " + quoted_name(before.id) + " shows " + shown->first + " (" +
                        shown->second + "), which gives away the answer to predict step " +
                        quoted_name(question.id) + " after it (" + answer_text +
                        "): set this step's machine up otherwise, or \"hide\" that part",
                    before.pointer);
      }
    }
  }
}

}  // namespace lessonsim::lint_detail
