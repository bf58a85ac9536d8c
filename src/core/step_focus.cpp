#include "lessonsim/step_focus.hpp"

#include <algorithm>
#include <cmath>

#include "placeholder.hpp"

namespace lessonsim {

namespace {

void add_name(std::vector<std::string>& out, const std::string& name) {
  if (!name.empty() && std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
}

void add_expression(std::vector<std::string>& out, const Expression& e, const MachineSpec& spec) {
  for (int k : e.variables()) {
    if (k >= 0 && static_cast<std::size_t>(k) < spec.variables.size())
      add_name(out, spec.variables[static_cast<std::size_t>(k)].name);
  }
}

void add_text(std::vector<std::string>& out, const LocalizedText& text, const MachineSpec& spec) {
  for (const std::string& name : text_reads(text, spec))
    add_name(out, name);
}

bool listed(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

bool draws_any(const PicturePart& part, const std::vector<std::string>& names) {
  return std::any_of(part.variables.begin(), part.variables.end(),
                     [&](const std::string& v) { return listed(names, v); });
}

}  // namespace

bool StepFocus::reads_var(std::string_view var) const {
  return listed(reads, var);
}

bool StepFocus::explains(std::string_view var) const {
  return listed(explained, var);
}

bool StepFocus::hides(std::string_view var) const {
  return listed(hidden, var);
}

PartFocus StepFocus::part(const MachineSpec& spec, std::string_view id) const {
  for (std::size_t k = 0; k < spec.picture.size() && k < parts.size(); ++k) {
    if (spec.picture[k].id == id) return parts[k];
  }
  return PartFocus::shown;
}

std::vector<std::string> text_reads(const LocalizedText& text, const MachineSpec& spec) {
  std::vector<std::string> out;
  for (const auto& [locale, body] : text.by_locale) {
    for (const auto& found : placeholders(body)) {
      const auto parts = detail::split_placeholder(found.second);
      ExprError error;
      if (auto e = Expression::compile(parts.expr, spec.variables, error, false))
        add_expression(out, *e, spec);
    }
  }
  return out;
}

StepFocus step_focus(const Lesson& lesson, const Step& step, bool chosen) {
  StepFocus f;
  const MachineSpec& spec = lesson.spec_of(step);
  f.parts.assign(spec.picture.size(), PartFocus::shown);
  for (const LocalizedText* t : {&step.text, &step.reveal, &step.explain})
    add_text(f.explained, *t, spec);
  // What the step explains reaches the whole part it is drawn in: a reveal about a GPU's load
  // explains the overflow drawn on that GPU.
  const std::vector<std::string> named = f.explained;
  for (const PicturePart& part : spec.picture) {
    if (!draws_any(part, named)) continue;
    for (const std::string& v : part.variables)
      add_name(f.explained, v);
  }
  f.reads = named;
  if (step.goal) add_expression(f.reads, *step.goal, spec);
  for (const FeedbackRule& rule : step.feedback) {
    add_expression(f.reads, rule.when, spec);
    add_text(f.reads, rule.say, spec);
  }
  for (const LocalizedText* t : {&step.title, &step.key_idea, &step.can_do, &step.leads_to})
    add_text(f.reads, *t, spec);
  for (const Choice& c : step.choices) {
    add_text(f.reads, c.text, spec);
    add_text(f.reads, c.feedback, spec);
  }
  add_name(f.reads, step.point);
  for (const std::string& v : step.show_parts)
    add_name(f.reads, v);
  if (lesson.format < 4) return f;
  if (step.kind == StepKind::predict && !chosen) {
    if (step.answer_from) add_expression(f.hidden, *step.answer_from, spec);
    for (const std::string& v : step.hides)
      add_name(f.hidden, v);
  }
  const bool focused = std::any_of(spec.picture.begin(), spec.picture.end(),
                                   [&](const PicturePart& p) { return draws_any(p, f.reads); });
  for (std::size_t k = 0; k < spec.picture.size(); ++k) {
    const PicturePart& part = spec.picture[k];
    if (draws_any(part, step.hide_parts)) {
      f.parts[k] = PartFocus::folded;
    } else if (part.folds && !draws_any(part, f.reads)) {
      f.parts[k] = PartFocus::folded;
    } else if (focused && !draws_any(part, f.reads)) {
      f.parts[k] = PartFocus::faded;
    }
  }
  return f;
}

std::optional<AnswerQuantity> answer_quantity(const Lesson& lesson, const Step& step,
                                              std::span<const double> values) {
  if (!step.answer_from || step.answer < 0 ||
      static_cast<std::size_t>(step.answer) >= step.choices.size()) {
    return std::nullopt;
  }
  const MachineSpec& spec = lesson.spec_of(step);
  const auto vars = step.answer_from->variables();
  if (vars.size() != 1) return std::nullopt;
  const auto index = static_cast<std::size_t>(vars.front());
  const VariableInfo& info = spec.variables[index];
  if (info.unit.empty() || info.name != step.answer_from->text() || index >= values.size())
    return std::nullopt;
  const Choice& right = step.choices[static_cast<std::size_t>(step.answer)];
  return AnswerQuantity{info.name, info.unit, values[index],
                        0.5 * std::pow(10.0, -right.value_decimals)};
}

}  // namespace lessonsim
