// Reading actions and scripted playthroughs from a lesson.
#include <algorithm>

#include "loader_support.hpp"

namespace lessonsim::detail {

namespace {

// A step id the file declares: one whose step failed to load is reported there, not again here.
bool declared(const std::vector<std::string>& ids, std::string_view id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

struct EngineAction {
  const char* name;
  const char* param;  // nullptr: none
  bool integer;
};

constexpr EngineAction engine_actions[] = {
    {"goto", "step", false},     {"next", nullptr, false},  {"back", nullptr, false},
    {"choose", "i", true},       {"reset", nullptr, false}, {"undo", nullptr, false},
    {"restart", nullptr, false},
};

}  // namespace

std::optional<Action> read_action(const JsonNode& node, const std::string& pointer,
                                  LoadContext& ctx, const Lesson& lesson, bool machine_only) {
  ObjectReader r(node, pointer, ctx, "an action");
  if (!r.ok()) return std::nullopt;
  const JsonNode* op_node = r.get("do", JsonNode::Type::string, true);
  if (!op_node) return std::nullopt;
  Action action = Action::make(op_node->text);
  std::vector<std::string> params;
  std::vector<bool> integer_params;

  const EngineAction* engine = nullptr;
  for (const auto& e : engine_actions) {
    if (action.op == e.name) engine = &e;
  }
  // A playthrough may use the actions of every machine of the lesson (its own and its steps');
  // a demo's actions are read against its step's machine alone.
  std::vector<const MachineSpec*> specs;
  if (lesson.machine_spec) specs.push_back(lesson.machine_spec);
  for (const auto& s : lesson.steps) {
    if (!machine_only && s.machine) specs.push_back(&s.machine->spec());
  }
  const ActionInfo* machine = nullptr;
  for (const MachineSpec* spec : specs) {
    if (!machine) machine = find_action(*spec, action.op);
  }
  if (engine && !machine_only) {
    if (engine->param) {
      params.push_back(engine->param);
      integer_params.push_back(engine->integer);
    }
  } else if (machine) {
    for (const auto& p : machine->params) {
      params.push_back(p.name);
      integer_params.push_back(p.kind == ActionParam::Kind::integer);
    }
  } else if (!lesson.machine_spec || ctx.steps_unknown) {
    // The machine (or the steps, whose own machines bring actions) is already reported: its
    // actions cannot be known.
    return std::nullopt;
  } else {
    std::vector<std::string> names;
    if (!machine_only) {
      for (const auto& e : engine_actions)
        names.emplace_back(e.name);
    }
    for (const MachineSpec* spec : specs) {
      for (const auto& a : spec->actions)
        names.push_back(a.name);
    }
    std::string close = closest_name(action.op, names);
    std::string message = engine ? "a demo may only use machine actions, not \"" + action.op + "\""
                                 : "unknown action \"" + action.op + "\"";
    if (!close.empty()) message += "; did you mean \"" + close + "\"?";
    error_at(ctx, op_node->pos, r.pointer("do"), message, close);
    return std::nullopt;
  }

  bool ok = true;
  for (const auto& m : node.members) {
    if (m.key == "do") continue;
    if (m.key == "label") {
      // A playthrough's reader takes its labels; a demo's actions are named by nothing.
      if (machine_only) {
        error_at(ctx, m.key_pos, r.pointer("label"),
                 "a label names a playthrough's action for its expectations; a demo's actions "
                 "have none");
        ok = false;
      }
      continue;
    }
    auto it = std::find(params.begin(), params.end(), m.key);
    if (it == params.end()) {
      std::string close = closest_name(m.key, params);
      std::string message = "\"" + action.op + "\" takes no \"" + m.key + "\"";
      if (!close.empty()) message += "; did you mean \"" + close + "\"?";
      error_at(ctx, m.key_pos, r.pointer(m.key.c_str()), message, close);
      if (!close.empty()) note_misspelling(ctx, pointer);
      ok = false;
      continue;
    }
    bool want_integer = integer_params[static_cast<std::size_t>(it - params.begin())];
    if (want_integer ? !(m.value.is_number() && m.value.is_integer) : !m.value.is_string()) {
      error_at(ctx, m.value.pos, r.pointer(m.key.c_str()),
               "\"" + m.key + "\" must be " + (want_integer ? "a whole number" : "a string"));
      ok = false;
      continue;
    }
    action.args[m.key] = to_json(m.value);
  }
  for (const auto& p : params) {
    if (!node.find(p)) {
      error_at(ctx, node.pos, pointer, "\"" + action.op + "\" needs \"" + p + "\"");
      ok = false;
    }
  }
  if (ok && action.op == "goto" && !ctx.steps_unknown &&
      lesson.step_index(action.string("step")) < 0 &&
      !declared(ctx.step_ids, action.string("step"))) {
    const JsonNode* step = node.find("step");
    std::vector<std::string> ids;
    for (const auto& s : lesson.steps)
      ids.push_back(s.id);
    std::string close = closest_name(step->text, ids);
    std::string message = "\"goto\" names no step \"" + step->text + "\"";
    if (!close.empty()) message += "; did you mean \"" + close + "\"?";
    error_at(ctx, step->pos, r.pointer("step"), message, close);
    ok = false;
  }
  if (ok && action.op == "choose" && *action.integer("i") < 0) {
    error_at(ctx, node.find("i")->pos, r.pointer("i"), "\"i\" counts choices from 0");
    ok = false;
  }
  return ok ? std::optional<Action>(std::move(action)) : std::nullopt;
}

namespace {

// `after`: the count of the action it follows, from 1, or (format 4) that action's label.
// `counted`: the playthrough's actions could be read; when they could not (a misspelt
// "actions", already one error), a count or a label is not judged against them.
bool read_after(const JsonNode& after, const std::string& pointer, LoadContext& ctx,
                const Playthrough& p, bool counted, Expectation& e) {
  if (after.is_string()) {
    require_format(ctx, after.pos, pointer, "\"after\" naming an action's label", 4);
    auto at = std::find(p.labels.begin(), p.labels.end(), after.text);
    if (at != p.labels.end() && !after.text.empty()) {
      e.after = static_cast<int>(at - p.labels.begin()) + 1;
      return true;
    }
    if (!counted) return false;
    std::vector<std::string> labels;
    for (const auto& l : p.labels) {
      if (!l.empty()) labels.push_back(l);
    }
    std::string close = closest_name(after.text, labels);
    std::string message = "no action of this playthrough has the label \"" + after.text + "\"";
    message += !close.empty()   ? "; did you mean \"" + close + "\"?"
               : labels.empty() ? "; give one a \"label\", or count actions from 1"
                                : "; its labels are " + join_names(labels);
    error_at(ctx, after.pos, pointer, message, close);
    return false;
  }
  if (!after.is_number() || !after.is_integer) {
    error_at(ctx, after.pos, pointer,
             "\"after\" is the count of an action, from 1, or (format 4) an action's label");
    return false;
  }
  if (!counted) return false;
  if (after.integer < 1 || after.integer > static_cast<std::int64_t>(p.actions.size())) {
    error_at(ctx, after.pos, pointer,
             "\"after\" must count actions from 1 to " + std::to_string(p.actions.size()));
    return false;
  }
  e.after = static_cast<int>(after.integer);
  return true;
}

// An action's `label` (format 4): unique in its playthrough, an id, for `after` to name.
void read_label(const JsonNode& action, const std::string& pointer, LoadContext& ctx,
                Playthrough& p) {
  const JsonNode* label = action.is_object() ? action.find("label") : nullptr;
  p.labels.emplace_back();
  if (!label) return;
  std::string where = pointer + "/label";
  require_format(ctx, label->pos, where, "an action's \"label\"", 4);
  if (!label->is_string() || !valid_id(label->text)) {
    error_at(ctx, label->pos, where, std::string("a label uses ") + id_pattern_words);
    return;
  }
  if (std::find(p.labels.begin(), p.labels.end(), label->text) != p.labels.end()) {
    error_at(ctx, label->pos, where,
             "two actions of this playthrough have the label \"" + label->text + "\"");
    return;
  }
  p.labels.back() = label->text;
}

// A `holds` or `at_end` condition, compiled for every machine of the lesson (its own, then each
// step's) whose variables it names; one naming a variable no machine has is reported as the
// lesson's machine reports it.
void read_condition(const JsonNode& node, const std::string& pointer, LoadContext& ctx,
                    const Lesson& lesson, Expectation& e) {
  e.holds_text = node.text;
  if (!ctx.variables) return;  // the lesson's machine is already reported
  std::vector<const MachineSpec*> specs = {lesson.machine_spec};
  for (const auto& s : lesson.steps) {
    const MachineSpec* spec = s.machine ? &s.machine->spec() : nullptr;
    if (spec && std::find(specs.begin(), specs.end(), spec) == specs.end()) specs.push_back(spec);
  }
  // Tried on every machine the lesson has; when none takes it, read_expression says why once.
  for (const MachineSpec* spec : specs) {
    ExprError error;
    auto compiled = Expression::compile(node.text, spec->variables, error, false);
    if (compiled && compiled->type() == ValueType::boolean) {
      e.holds.push_back({spec, std::move(*compiled)});
    }
  }
  // Without its steps (already reported) the lesson may lack the machine whose variables these
  // are: nothing to say then.
  if (e.holds.empty() && !ctx.steps_unknown)
    read_expression(node, pointer, ctx, ValueType::boolean);
}

void read_expectation(const JsonNode& node, const std::string& pointer, LoadContext& ctx,
                      const Lesson& lesson, bool counted, Playthrough& p) {
  ObjectReader r(node, pointer, ctx, "an expectation");
  r.allow({"after", "at_end", "holds", "feedback_contains", "feedback_rule", "no_feedback",
           "text_contains", "step", "reveal_shown", "correct", "finished", "rejected",
           "refusal_contains"},
          "an expectation");
  if (!r.ok()) return;
  Expectation e;
  e.pos = node.pos;
  e.pointer = pointer;
  const JsonNode* at_end = node.find("at_end");
  const JsonNode* after = node.find("after");
  if ((after != nullptr) == (at_end != nullptr)) {
    error_at(ctx, node.pos, pointer, "an expectation needs exactly one of \"after\" or \"at_end\"");
    return;
  }
  if (after && !read_after(*after, r.pointer("after"), ctx, p, counted, e)) return;
  if (at_end) {
    if (at_end->is_string()) {
      read_condition(*at_end, r.pointer("at_end"), ctx, lesson, e);
    } else if (!(at_end->is_bool() && at_end->boolean)) {
      error_at(ctx, at_end->pos, r.pointer("at_end"), "\"at_end\" must be a condition or true");
      return;
    }
  }
  if (const JsonNode* holds = r.get("holds", JsonNode::Type::string, false)) {
    read_condition(*holds, r.pointer("holds"), ctx, lesson, e);
  }
  e.feedback_contains = r.string("feedback_contains", false);
  e.feedback_rule = r.string("feedback_rule", false);
  if (const JsonNode* rule = node.find("feedback_rule");
      rule && rule->is_string() && !ctx.steps_unknown) {
    require_format(ctx, rule->pos, r.pointer("feedback_rule"), "\"feedback_rule\"", 2);
    const std::vector<std::string>& ids = ctx.rule_ids;
    if (std::find(ids.begin(), ids.end(), e.feedback_rule) == ids.end()) {
      std::string close = closest_name(e.feedback_rule, ids);
      std::string message = "no feedback rule has the id \"" + e.feedback_rule + "\"";
      if (!close.empty()) message += "; did you mean \"" + close + "\"?";
      error_at(ctx, rule->pos, r.pointer("feedback_rule"), message, close);
    }
  }
  e.expect_no_feedback = r.boolean("no_feedback", false).value_or(false);
  e.text_contains = r.string("text_contains", false);
  e.step = r.string("step", false);
  e.reveal_shown = r.boolean("reveal_shown", false);
  e.correct = r.boolean("correct", false);
  e.finished = r.boolean("finished", false);
  e.rejected = r.boolean("rejected", false).value_or(false);
  e.refusal_contains = r.string("refusal_contains", false);
  if (!e.refusal_contains.empty()) e.rejected = true;
  if (!e.step.empty() && !ctx.steps_unknown && lesson.step_index(e.step) < 0 &&
      !declared(ctx.step_ids, e.step)) {
    std::vector<std::string> ids;
    for (const auto& s : lesson.steps)
      ids.push_back(s.id);
    std::string close = closest_name(e.step, ids);
    std::string message = "no step \"" + e.step + "\"";
    if (!close.empty()) message += "; did you mean \"" + close + "\"?";
    error_at(ctx, node.find("step")->pos, r.pointer("step"), message, close);
  }
  // A condition that did not compile is already reported; it still is what the author checks.
  bool checks_something = !e.holds.empty() || node.find("holds") ||
                          (at_end && at_end->is_string()) || !e.feedback_rule.empty() ||
                          !e.feedback_contains.empty() || e.expect_no_feedback ||
                          !e.text_contains.empty() || !e.step.empty() || e.reveal_shown ||
                          e.correct || e.finished || e.rejected;
  if (!checks_something) {
    error_at(ctx, node.pos, pointer, "this expectation checks nothing");
  }
  p.expect.push_back(std::move(e));
}

}  // namespace

void read_playthroughs(const JsonNode& array, const std::string& pointer, LoadContext& ctx,
                       Lesson& lesson) {
  for (std::size_t k = 0; k < array.items.size(); ++k) {
    const JsonNode& node = array.items[k];
    std::string here = pointer + "/" + std::to_string(k);
    ObjectReader r(node, here, ctx, "a playthrough");
    r.allow({"name", "locale", "actions", "expect"}, "a playthrough");
    if (!r.ok()) continue;
    Playthrough p;
    p.pos = node.pos;
    p.pointer = here;
    p.name = r.string("name", true);
    for (const auto& other : lesson.playthroughs) {
      if (!p.name.empty() && other.name == p.name) {
        error_at(ctx, node.find("name")->pos, r.pointer("name"),
                 "two playthroughs are named \"" + p.name + "\"");
      }
    }
    p.locale = r.string("locale", false);
    if (node.find("locale") && !ctx.locales_unknown &&
        std::find(ctx.locales.begin(), ctx.locales.end(), p.locale) == ctx.locales.end()) {
      std::string close = closest_name(p.locale, ctx.locales);
      std::string message = "locale \"" + p.locale + "\" is not in the lesson's \"locales\"";
      if (!close.empty()) message += "; did you mean \"" + close + "\"?";
      error_at(ctx, node.find("locale")->pos, r.pointer("locale"), message, close);
    }
    if (p.locale.empty() && !ctx.locales.empty()) p.locale = ctx.locales.front();
    const JsonNode* actions = r.get("actions", JsonNode::Type::array, true);
    if (actions) {
      for (std::size_t a = 0; a < actions->items.size(); ++a) {
        std::string where = r.pointer("actions") + "/" + std::to_string(a);
        auto action = read_action(actions->items[a], where, ctx, lesson, false);
        read_label(actions->items[a], where, ctx, p);
        p.action_pos.push_back(actions->items[a].pos);
        // A placeholder keeps later "after" counts lined up with the file.
        p.actions.push_back(action ? std::move(*action) : Action::make("next"));
      }
    }
    if (const JsonNode* expect = r.get("expect", JsonNode::Type::array, true)) {
      if (expect->items.empty()) {
        error_at(ctx, expect->pos, r.pointer("expect"),
                 "a playthrough must expect something the learner would see");
      }
      for (std::size_t e = 0; e < expect->items.size(); ++e) {
        read_expectation(expect->items[e], r.pointer("expect") + "/" + std::to_string(e), ctx,
                         lesson, actions != nullptr, p);
      }
    }
    lesson.playthroughs.push_back(std::move(p));
  }
}

}  // namespace lessonsim::detail
