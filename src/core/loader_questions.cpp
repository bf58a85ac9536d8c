// Reading a predict or quiz step's choices and its answer, derived from the machine when the
// step names the quantity that is right (`answer_from`), so a changed setting can't leave a
// stale answer behind.
#include <algorithm>
#include <cmath>

#include "lessonsim/messages.hpp"
#include "lessonsim/text.hpp"
#include "loader_support.hpp"

namespace lessonsim::detail {

namespace {

// How many decimals a number is written with: "93.3" has 1, "4" and "4e2" have 0.
int written_decimals(const std::string& text) {
  auto dot = text.find('.');
  if (dot == std::string::npos) return 0;
  auto end = text.find_first_of("eE", dot);
  return static_cast<int>((end == std::string::npos ? text.size() : end) - dot - 1);
}

// A choice stands for the derived quantity when the quantity, rounded to the decimals its value
// is written with, is that value: "93.3" is 280 / 3.
bool stands_for(const Choice& choice, double quantity) {
  if (!choice.value) return false;
  double scale = std::pow(10.0, choice.value_decimals);
  double rounded = std::round(quantity * scale) / scale;
  return std::fabs(rounded - *choice.value) <= 1e-9 * std::max(1.0, std::fabs(*choice.value));
}

std::string values_list(const std::vector<Choice>& choices) {
  std::string out;
  for (const auto& c : choices) {
    if (c.value) out += (out.empty() ? "" : ", ") + format_number(*c.value, fallback_locale);
  }
  return out;
}

// The quantity `answer_from` gives on the machine as the step sets it up.
std::optional<double> derive(const Expression& e, const Lesson& lesson, const Step& step) {
  if (!lesson.machine || !lesson.machine->check().empty()) return std::nullopt;
  std::unique_ptr<Machine> m = lesson.machine->clone();
  for (const auto& [key, value] : step.setup.items()) {
    if (!m->set(key, value).empty()) return std::nullopt;  // the setup is reported already
  }
  for (const auto& a : step.actions) {
    if (!m->apply(a).ok) return std::nullopt;  // the action is reported already
  }
  std::vector<double> values;
  m->values(values);
  return e.evaluate(values);
}

}  // namespace

void read_question(ObjectReader& r, LoadContext& ctx, const Lesson& lesson, Step& step) {
  const JsonNode* choices = r.get("choices", JsonNode::Type::array, true);
  if (!choices) return;
  if (choices->items.size() < 2) {
    error_at(ctx, choices->pos, r.pointer("choices"), "a question needs at least 2 choices");
  }
  if (choices->items.size() > 9) {
    error_at(ctx, choices->pos, r.pointer("choices"),
             "at most 9 choices, so each has a number key");
  }
  for (std::size_t k = 0; k < choices->items.size(); ++k) {
    const JsonNode& c = choices->items[k];
    std::string where = r.pointer("choices") + "/" + std::to_string(k);
    Choice choice;
    // A choice object has "text"; one with "text" misspelt ("tex") is one too, so the typo is
    // reported at the key rather than as a text in locales the lesson does not list.
    auto misspells_choice_key = [&](const JsonMember& m) {
      bool locale = std::find(ctx.locales.begin(), ctx.locales.end(), m.key) != ctx.locales.end();
      return !locale && !closest_name(m.key, {"text", "feedback", "value"}).empty();
    };
    bool object =
        c.is_object() &&
        (c.find("text") || std::any_of(c.members.begin(), c.members.end(), misspells_choice_key));
    if (object) {
      ObjectReader cr(c, where, ctx, "a choice");
      cr.allow({"text", "feedback", "value"}, "a choice");
      choice.text = cr.text("text", true);
      choice.feedback = cr.text("feedback", false);
      if (const JsonNode* v = cr.get("value", JsonNode::Type::number, false)) {
        require_format(ctx, v->pos, cr.pointer("value"), "a choice's \"value\"", 2);
        choice.value = v->number;
        choice.value_decimals = written_decimals(v->text);
      }
    } else {
      choice.text = read_text(c, where, ctx);
    }
    step.choices.push_back(std::move(choice));
  }
  const JsonNode* from = r.node().find("answer_from");
  if (from) {
    require_format(ctx, from->pos, r.pointer("answer_from"), "\"answer_from\"", 2);
    step.answer_from = r.expression("answer_from", false, ValueType::number);
  }
  // Either key answers the question; a misspelling of either is already one error.
  if (!from && !r.node().find("answer") && !r.misspelt("answer") && !r.misspelt("answer_from")) {
    error_at(ctx, r.node().pos, r.pointer(),
             "a question needs \"answer\" (the right choice, counted from 0) or \"answer_from\" "
             "(the machine quantity the right choice's value stands for)");
  }
  auto answer = r.integer("answer", false);
  const JsonNode* answer_node = r.node().find("answer");
  if (answer && (*answer < 0 || *answer >= static_cast<std::int64_t>(step.choices.size()))) {
    error_at(ctx, answer_node->pos, r.pointer("answer"),
             "\"answer\" is " + std::to_string(*answer) + ", but the choices count from 0 to " +
                 std::to_string(static_cast<int>(step.choices.size()) - 1));
    return;
  }
  if (answer) step.answer = static_cast<int>(*answer);
  if (!step.answer_from) return;
  // A misspelt key in the step (a choice's "vaue", a setup's setting) already says why the
  // machine's answer may find no choice: it is not said again here.
  const std::string step_pointer = r.pointer();
  for (const auto& typo : ctx.misspelt_objects) {
    if (typo == step_pointer || typo.starts_with(step_pointer + "/")) return;
  }

  // A choice without a value ("none of these") is never the machine's answer.
  auto quantity = derive(*step.answer_from, lesson, step);
  if (!quantity) return;
  std::vector<int> matches;
  for (std::size_t k = 0; k < step.choices.size(); ++k) {
    if (stands_for(step.choices[k], *quantity)) matches.push_back(static_cast<int>(k));
  }
  std::string what =
      "\"" + from->text + "\" is " + format_number(*quantity, fallback_locale) + " on this machine";
  SourcePos at = inside_string(*from, 0);
  if (matches.empty()) {
    error_at(ctx, at, r.pointer("answer_from"),
             what + ", and no choice has that value (the choices' values: " +
                 values_list(step.choices) + ")");
  } else if (matches.size() > 1) {
    error_at(ctx, at, r.pointer("answer_from"),
             what + ", the value of choices " + std::to_string(matches[0]) + " and " +
                 std::to_string(matches[1]) + "; exactly one choice may be right");
  } else if (answer && *answer != matches[0]) {
    error_at(ctx, answer_node->pos, r.pointer("answer"),
             "\"answer\" is " + std::to_string(*answer) + ", but " + what +
                 ", the value of choice " + std::to_string(matches[0]) +
                 "; drop \"answer\" and let the machine decide");
  } else {
    step.answer = matches[0];
  }
}

void require_format(LoadContext& ctx, SourcePos pos, const std::string& pointer,
                    const std::string& what, int since) {
  if (ctx.format >= since) return;
  // Format 2 only added keys; format 3 also shows the machine on text steps by default; format 4
  // adds keys and focuses every picture on what its step reads.
  const std::string from = std::to_string(ctx.format), to = std::to_string(since);
  const std::string focus =
      "fades, on every step, the parts of the picture the step does not read, and keeps a "
      "question's answer off the picture until the choice";
  std::string raising =
      ctx.format < 3 && since >= 3
          ? "raising it to " + to +
                " also draws the machine beside narrate, predict, quiz and summary steps "
                "unless they say \"show\": false" +
                (since >= 4 ? ", and " + focus : "")
      : since >= 4 ? "raising it to " + to + " also " + focus
                   : "a format " + from + " lesson reads the same as format " + to +
                         ", so raising it changes nothing else";
  error_at(ctx, pos, pointer,
           what + " needs \"format\": " + to + " (this file says " + from + "; " + raising + ")");
}

}  // namespace lessonsim::detail
