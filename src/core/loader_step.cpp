// Reading one step of a lesson: its kind's keys, and from format 3 the machine it shows (its own
// `machine`, `setup`, `actions`, `show`, `point`), every key checked against that machine.
#include <algorithm>

#include "loader_support.hpp"
#include "practice_format.hpp"

namespace lessonsim::detail {

namespace {

constexpr StepKind all_kinds[] = {StepKind::narrate, StepKind::predict, StepKind::demo,
                                  StepKind::operate, StepKind::quiz,    StepKind::summary};

bool is_text_kind(StepKind kind) {
  return kind != StepKind::demo && kind != StepKind::operate;
}

// The keys formats 3 and 4 add to a step of `kind` (`show` on a demo or operate step is
// format 4's list; `hides` is a predict step's).
std::vector<const char*> format3_keys(StepKind kind) {
  switch (kind) {
    case StepKind::narrate:
    case StepKind::quiz:
      return {"machine", "show", "hide", "setup", "actions", "point"};
    case StepKind::predict:
      return {"machine", "show", "hide", "hides", "setup", "actions", "point"};
    case StepKind::summary:
      return {"machine", "show", "hide", "setup", "point"};
    case StepKind::demo:
    case StepKind::operate:
      return {"machine", "show", "hide", "point"};
  }
  return {};
}

// A step's own `machine`, read into a lesson of its own so the step's keys are checked against
// it exactly as a lesson's against the lesson's machine.
void read_own_machine(const JsonNode& node, ObjectReader& r, LoadContext& ctx, const Lesson& lesson,
                      Lesson& own) {
  require_format(ctx, node.pos, r.pointer("machine"), "a step's own \"machine\"", 3);
  own.file = lesson.file;
  own.format = lesson.format;
  own.locales = lesson.locales;
  // Until the step's machine is known its keys can't be judged; nothing is checked against the
  // lesson's variables by mistake.
  ctx.variables = nullptr;
  if (!node.is_object()) {
    error_at(ctx, node.pos, r.pointer("machine"),
             "a step's \"machine\" is an object like the lesson's: {\"kind\": …, settings}");
    return;
  }
  read_machine(node, r.pointer("machine"), ctx, own);
}

// The most `actions` a step may have: they all play each time the step is entered (and a demo's
// are each drawn as a stage), so an endless list would stall every entry.
constexpr std::size_t max_step_actions = 100;

void read_actions(const JsonNode& actions, const std::string& pointer, LoadContext& ctx,
                  const Lesson& on, Step& step) {
  if (actions.items.size() > max_step_actions) {
    error_at(ctx, actions.items[max_step_actions].pos,
             pointer + "/" + std::to_string(max_step_actions),
             "a step has at most " + std::to_string(max_step_actions) + " actions, not " +
                 std::to_string(actions.items.size()) + ": they all play each time it is entered");
    return;
  }
  for (std::size_t k = 0; k < actions.items.size(); ++k) {
    auto a = read_action(actions.items[k], pointer + "/" + std::to_string(k), ctx, on, true);
    if (a) step.actions.push_back(std::move(*a));
  }
  check_demo(actions, pointer, ctx, on, step);
}

// `point` names a variable of the step's machine that has a unit (what a mark draws).
void read_point(const JsonNode& node, ObjectReader& r, LoadContext& ctx, const Lesson& on,
                Step& step) {
  step.point_pos = node.pos;
  if (!node.is_string()) {
    error_at(ctx, node.pos, r.pointer("point"), "\"point\" names a variable of the machine");
    return;
  }
  if (!on.machine_spec) return;  // the machine itself is already reported
  step.point = node.text;
  std::vector<std::string> with_unit;
  for (const auto& v : on.machine_spec->variables) {
    if (!v.unit.empty()) with_unit.push_back(v.name);
  }
  if (std::find(with_unit.begin(), with_unit.end(), node.text) != with_unit.end()) return;
  bool known = on.machine_spec->variable(node.text).has_value();
  std::string close = known ? std::string{} : closest_name(node.text, with_unit);
  std::string machine = "the " + on.machine_spec->kind + " machine";
  std::string message =
      known ? "\"point\" names \"" + node.text + "\" of " + machine +
                  ", which has no unit, so no mark draws it; "
            : "\"point\" names no variable \"" + node.text + "\" of " + machine + "; ";
  if (!close.empty()) {
    message += "did you mean \"" + close + "\"?";
  } else if (with_unit.empty()) {
    message += "none of its variables has a unit, so there is no mark to point at";
  } else {
    message += "point at one with a unit: " + join_names(with_unit);
  }
  error_at(ctx, inside_string(node, 0), r.pointer("point"), message, close);
  step.point.clear();
}

// `show`, `hide` or `hides` (format 4): variables of the step's machine, each once.
std::vector<std::string> read_variable_list(const JsonNode& node, const std::string& pointer,
                                            const char* key, LoadContext& ctx, const Lesson& on) {
  std::vector<std::string> out;
  if (!node.is_array() || node.items.empty()) {
    error_at(ctx, node.pos, pointer,
             std::string("\"") + key + "\" lists variables of the step's machine");
    return out;
  }
  std::vector<std::string> names;
  if (on.machine_spec) {
    for (const auto& v : on.machine_spec->variables)
      names.push_back(v.name);
  }
  for (std::size_t k = 0; k < node.items.size(); ++k) {
    const JsonNode& item = node.items[k];
    const std::string where = pointer + "/" + std::to_string(k);
    if (!item.is_string()) {
      error_at(ctx, item.pos, where,
               std::string("\"") + key + "\" lists variable names (strings), not " +
                   type_name(item.type));
    } else if (!on.machine_spec) {
      continue;  // the machine itself is already reported
    } else if (!on.machine_spec->variable(item.text)) {
      std::string close = closest_name(item.text, names);
      std::string message = std::string("\"") + key + "\" names no variable \"" + item.text +
                            "\" of the " + on.machine_spec->kind + " machine";
      message += close.empty() ? "" : "; did you mean \"" + close + "\"?";
      error_at(ctx, inside_string(item, 0), where, message, close);
    } else if (std::find(out.begin(), out.end(), item.text) != out.end()) {
      error_at(ctx, item.pos, where,
               std::string("\"") + key + "\" names \"" + item.text + "\" twice");
    } else {
      out.push_back(item.text);
    }
  }
  return out;
}

// The picture's focus: `show` true/false (format 3, text steps) or, from format 4, `show` and
// `hide` as lists of variables; a predict step's `hides`.
void read_focus(const JsonNode& node, ObjectReader& r, LoadContext& ctx, const Lesson& on,
                Step& step) {
  step.show = !is_text_kind(step.kind) || ctx.format >= 3;
  if (const JsonNode* show = node.find("show")) {
    require_format(ctx, show->pos, r.pointer("show"), "\"show\"", 3);
    if (show->is_bool() && is_text_kind(step.kind)) {
      step.show = show->boolean;
    } else if (show->is_array()) {
      require_format(ctx, show->pos, r.pointer("show"), "\"show\" as a list of variables", 4);
      step.show_parts = read_variable_list(*show, r.pointer("show"), "show", ctx, on);
    } else {
      error_at(ctx, show->pos, r.pointer("show"),
               is_text_kind(step.kind)
                   ? "\"show\" is true or false, or (format 4) a list of variables"
                   : "\"show\" on this step is a list of variables (format 4)");
    }
  }
  if (const JsonNode* hide = node.find("hide")) {
    require_format(ctx, hide->pos, r.pointer("hide"), "\"hide\"", 4);
    step.hide_parts = read_variable_list(*hide, r.pointer("hide"), "hide", ctx, on);
  }
  if (const JsonNode* hides = node.find("hides")) {
    require_format(ctx, hides->pos, r.pointer("hides"), "\"hides\"", 4);
    step.hides_pos = hides->pos;
    step.hides = read_variable_list(*hides, r.pointer("hides"), "hides", ctx, on);
  }
}

// The rule ids of a misspelt "feedback" (already one error): the playthroughs that name them
// are then not reported again, one error each.
void declare_rule_ids(const JsonNode& rules, LoadContext& ctx) {
  if (!rules.is_array()) return;
  for (const auto& rule : rules.items) {
    const JsonNode* id = rule.find("id");
    if (id && id->is_string()) ctx.rule_ids.push_back(id->text);
  }
}

void read_feedback(const JsonNode& rules, ObjectReader& r, LoadContext& ctx, Step& step) {
  for (std::size_t k = 0; k < rules.items.size(); ++k) {
    std::string where = r.pointer("feedback") + "/" + std::to_string(k);
    ObjectReader fr(rules.items[k], where, ctx, "a feedback rule");
    fr.allow({"id", "when", "say"}, "a feedback rule");
    std::string id = fr.string("id", false);
    if (!id.empty()) ctx.rule_ids.push_back(id);
    if (const JsonNode* typo = fr.misspelt("id"); typo && typo->is_string()) {
      ctx.rule_ids.push_back(typo->text);  // named by the playthroughs, reported at the typo
    }
    if (const JsonNode* id_node = rules.items[k].find("id"); id_node && id_node->is_string()) {
      require_format(ctx, id_node->pos, fr.pointer("id"), "a feedback rule's \"id\"", 2);
      if (!valid_id(id)) {
        error_at(ctx, id_node->pos, fr.pointer("id"),
                 std::string("a rule id uses ") + id_pattern_words);
      }
      for (const auto& other : step.feedback) {
        if (other.id == id) {
          error_at(ctx, id_node->pos, fr.pointer("id"),
                   "two feedback rules of this step have the id \"" + id + "\"");
        }
      }
    }
    auto when = fr.expression("when", true, ValueType::boolean);
    LocalizedText say = fr.text("say", true);
    if (when) step.feedback.push_back({std::move(*when), std::move(say), std::move(id)});
  }
}

// `deliberate`: what `check` would refuse on this step, said to be meant, each with its reason.
void read_deliberate(const JsonNode& node, ObjectReader& r, LoadContext& ctx, Step& step) {
  require_format(ctx, node.pos, r.pointer("deliberate"), "\"deliberate\"", 4);
  ObjectReader dr(node, r.pointer("deliberate"), ctx, "\"deliberate\"");
  dr.allow({deliberate_goal_never_met, deliberate_goal_met_on_entry, deliberate_rule_never_fires},
           "\"deliberate\"");
  if (!dr.ok()) return;
  for (const auto& m : node.members) {
    if (m.key != deliberate_goal_never_met && m.key != deliberate_goal_met_on_entry &&
        m.key != deliberate_rule_never_fires) {
      continue;  // reported by allow()
    }
    if (!m.value.is_string() || m.value.text.empty()) {
      error_at(ctx, m.value.pos, dr.pointer(m.key.c_str()),
               "\"" + m.key + "\" is the reason it is meant, in words, for the next author");
      continue;
    }
    step.deliberate[m.key] = m.value.text;
  }
}

void read_allow(const JsonNode& allow, ObjectReader& r, LoadContext& ctx, const Lesson& on,
                Step& step) {
  for (std::size_t k = 0; k < allow.items.size(); ++k) {
    const JsonNode& a = allow.items[k];
    std::string where = r.pointer("allow") + "/" + std::to_string(k);
    if (!on.machine_spec) continue;  // the machine itself is already reported
    if (!a.is_string()) {
      error_at(ctx, a.pos, where,
               std::string("\"allow\" lists action names (strings), not ") + type_name(a.type));
    } else if (!find_action(*on.machine_spec, a.text)) {
      std::vector<std::string> names;
      for (const auto& action : on.machine_spec->actions)
        names.push_back(action.name);
      std::string close = closest_name(a.text, names);
      std::string message = "\"allow\" names no action \"" + a.text + "\" of the " +
                            on.machine_spec->kind + " machine; ";
      message += close.empty() ? "its actions are " + join_names(names)
                               : "did you mean \"" + close + "\"?";
      error_at(ctx, a.pos, where, message, close);
    } else {
      step.allow.push_back(a.text);
    }
  }
}

// Reads the keys of the step's kind; `on` is the lesson whose machine the step works on.
void read_kind(const JsonNode& node, ObjectReader& r, LoadContext& ctx, const Lesson& on,
               Step& step, const std::string& owner) {
  std::vector<std::string> keys = {"id", "kind", "title"};
  auto allow = [&](std::initializer_list<const char*> more) {
    keys.insert(keys.end(), more.begin(), more.end());
    for (const char* k : format3_keys(step.kind))
      keys.emplace_back(k);
    if (step.kind == StepKind::operate) {
      for (const std::string& k : step_setting_names(on))
        keys.push_back(k);
    }
    r.allow(keys, owner.c_str());
  };
  if (const JsonNode* setup = node.find("setup")) {
    if (step.kind == StepKind::predict || step.kind == StepKind::quiz) {
      require_format(ctx, setup->pos, r.pointer("setup"), "a question's \"setup\"", 2);
    } else if (is_text_kind(step.kind)) {
      require_format(ctx, setup->pos, r.pointer("setup"),
                     "a " + std::string(step_kind_name(step.kind)) + " step's \"setup\"", 3);
    }
    step.setup = read_setup(*setup, r.pointer("setup"), ctx, on);
  }
  switch (step.kind) {
    case StepKind::narrate:
      allow({"text"});
      step.text = r.text("text", true);
      break;
    case StepKind::predict:
    case StepKind::quiz:
      allow({"prompt", "choices", "answer", "answer_from", "explain"});
      step.text = r.text("prompt", true);
      break;
    case StepKind::demo:
      allow({"text", "setup", "actions"});
      step.text = r.text("text", true);
      break;
    case StepKind::operate:
      allow({"text", "setup", "allow", "goal", "feedback", "reveal", "prediction", "practice",
             "deliberate"});
      step.text = r.text("text", true);
      read_step_settings(r, ctx, on, step);
      step.goal = r.expression("goal", true, ValueType::boolean);
      if (const JsonNode* rules = r.get("feedback", JsonNode::Type::array, false)) {
        read_feedback(*rules, r, ctx, step);
      } else if (const JsonNode* typo = r.misspelt("feedback")) {
        declare_rule_ids(*typo, ctx);
      }
      step.reveal = r.text("reveal", true);
      if (const JsonNode* a = r.get("allow", JsonNode::Type::array, false)) {
        read_allow(*a, r, ctx, on, step);
      }
      step.prediction = r.string("prediction", false);
      if (const JsonNode* p = node.find("prediction")) step.prediction_pos = p->pos;
      if (const JsonNode* p = node.find("practice")) {
        read_practice(*p, r.pointer("practice"), ctx, on, step);
      }
      if (const JsonNode* d = node.find("deliberate")) read_deliberate(*d, r, ctx, step);
      break;
    case StepKind::summary:
      allow({"text", "key_idea", "can_do", "leads_to"});
      step.text = r.text("text", false);
      step.key_idea = r.text("key_idea", true);
      step.can_do = r.text("can_do", true);
      step.leads_to = r.text("leads_to", true);
      break;
  }
  // A demo's actions are required; a text step's (format 3) are optional.
  bool demo = step.kind == StepKind::demo;
  bool acts = demo || (is_text_kind(step.kind) && step.kind != StepKind::summary);
  if (const JsonNode* actions = acts ? r.get("actions", JsonNode::Type::array, demo) : nullptr) {
    if (!demo)
      require_format(ctx, actions->pos, r.pointer("actions"),
                     "a " + std::string(step_kind_name(step.kind)) + " step's \"actions\"", 3);
    read_actions(*actions, r.pointer("actions"), ctx, on, step);
  }
  if (step.kind == StepKind::predict || step.kind == StepKind::quiz) {
    read_question(r, ctx, on, step);
    step.explain = r.text("explain", true);
  }
  read_focus(node, r, ctx, on, step);
  if (const JsonNode* point = node.find("point")) {
    require_format(ctx, point->pos, r.pointer("point"), "\"point\"", 3);
    read_point(*point, r, ctx, on, step);
  }
}

}  // namespace

void read_step(const JsonNode& node, const std::string& pointer, LoadContext& ctx, Lesson& lesson) {
  ObjectReader r(node, pointer, ctx, "a step");
  if (!r.ok()) return;
  Step step;
  step.pos = node.pos;
  step.pointer = pointer;
  step.id = r.string("id", true);
  if (const JsonNode* id = node.find("id"); id && id->is_string()) {
    if (!valid_id(step.id)) {
      error_at(ctx, id->pos, r.pointer("id"), std::string("a step id uses ") + id_pattern_words);
    }
  }
  const JsonNode* kind_node = r.get("kind", JsonNode::Type::string, true);
  // A step whose kind cannot be read still declares its rules' ids (see declare_rule_ids).
  const JsonNode* rules = node.is_object() ? node.find("feedback") : nullptr;
  if (!kind_node) {
    if (rules) declare_rule_ids(*rules, ctx);
    return;
  }
  bool known = false;
  for (StepKind k : all_kinds) {
    if (kind_node->text == step_kind_name(k)) step.kind = k, known = true;
  }
  if (!known) {
    std::vector<std::string> names;
    for (StepKind k : all_kinds)
      names.emplace_back(step_kind_name(k));
    std::string close = closest_name(kind_node->text, names);
    std::string message = "unknown step kind \"" + kind_node->text + "\"";
    if (!close.empty()) message += "; did you mean \"" + close + "\"?";
    error_at(ctx, kind_node->pos, r.pointer("kind"), message, close);
    if (rules) declare_rule_ids(*rules, ctx);
    return;
  }
  std::string kind_name = step_kind_name(step.kind);
  std::string owner = (kind_name[0] == 'o' ? "an " : "a ") + kind_name + " step";
  Lesson own;
  const Lesson* on = &lesson;
  const std::vector<VariableInfo>* lesson_variables = ctx.variables;
  if (const JsonNode* machine = node.find("machine")) {
    read_own_machine(*machine, r, ctx, lesson, own);
    on = &own;
  } else if (std::any_of(node.members.begin(), node.members.end(), [](const JsonMember& m) {
               return m.value.is_object() && closest_name(m.key, {"machine"}) == "machine";
             })) {
    // "machin": the step meant a machine of its own, reported at the typo. Nothing on the step
    // is judged against the lesson's machine, which it did not mean.
    ctx.variables = nullptr;
    own.locales = lesson.locales;
    on = &own;
  }
  step.title = r.text("title", false);
  read_kind(node, r, ctx, *on, step, owner);
  if (on == &own && own.machine) step.machine = own.machine;
  ctx.variables = lesson_variables;
  for (const auto& other : lesson.steps) {
    if (!step.id.empty() && other.id == step.id) {
      error_at(ctx, node.find("id")->pos, r.pointer("id"),
               "duplicate step id \"" + step.id + "\" (first at line " +
                   std::to_string(other.pos.line) + ")");
    }
  }
  lesson.steps.push_back(std::move(step));
}

}  // namespace lessonsim::detail
