// Reading a lesson's machine and the settings its steps apply over it: every setting checked by
// the machine itself, so a range or a combination it refuses is an error where it is written.
#include <algorithm>

#include "formula/read.hpp"
#include "lessonsim/messages.hpp"
#include "loader_support.hpp"

namespace lessonsim::detail {

std::string join_names(const std::vector<std::string>& names) {
  std::string all;
  for (const auto& n : names)
    all += (all.empty() ? "" : ", ") + n;
  return all;
}

void read_machine(const JsonNode& node, const std::string& pointer, LoadContext& ctx,
                  Lesson& lesson) {
  ObjectReader r(node, pointer, ctx, "\"machine\"");
  if (!r.ok()) return;
  const JsonNode* kind = r.get("kind", JsonNode::Type::string, true);
  if (!kind) return;
  lesson.machine_spec = find_machine_kind(kind->text);
  if (!lesson.machine_spec) {
    std::vector<std::string> kinds;
    for (const auto* spec : machine_kinds())
      kinds.push_back(spec->kind);
    std::string close = closest_name(kind->text, kinds);
    std::string message = "unknown machine kind \"" + kind->text + "\"";
    message +=
        close.empty() ? " (known: " + join_names(kinds) + ")" : "; did you mean \"" + close + "\"?";
    error_at(ctx, kind->pos, r.pointer("kind"), message, close);
    return;
  }
  if (lesson.machine_spec == &formula_machine_spec()) {
    // A formula machine brings its own settings, variables and actions: its spec is its own.
    auto def = read_formula(node, pointer, ctx);
    lesson.machine_spec = def ? &def->spec : nullptr;
    if (def) lesson.machine = std::make_shared<FormulaMachine>(std::move(def));
    ctx.variables = lesson.machine_spec ? &lesson.machine_spec->variables : nullptr;
    return;
  }
  std::unique_ptr<Machine> machine = lesson.machine_spec->create(ctx.machine);
  std::vector<std::string> names;
  for (const auto& s : lesson.machine_spec->settings)
    names.push_back(s.name);
  bool ok = true;
  for (const auto& m : node.members) {
    if (m.key == "kind") continue;
    if (std::find(names.begin(), names.end(), m.key) == names.end()) {
      std::string close = closest_name(m.key, names);
      std::string message = "unknown setting \"" + m.key + "\" for a " + kind->text + " machine";
      if (!close.empty()) message += "; did you mean \"" + close + "\"?";
      error_at(ctx, m.key_pos, r.pointer(m.key.c_str()), message, close);
      ok = false;
      continue;
    }
    std::string problem = machine->set(m.key, to_json(m.value));
    if (!problem.empty()) {
      error_at(ctx, m.value.pos, r.pointer(m.key.c_str()), "\"" + m.key + "\" " + problem);
      ok = false;
    }
  }
  if (ok) {
    std::string problem = machine->check();
    if (!problem.empty()) error_at(ctx, node.pos, pointer, problem);
  }
  // The machine's own table: a kind may build it from the settings just read.
  lesson.machine_spec = &machine->spec();
  ctx.variables = &lesson.machine_spec->variables;
  lesson.machine = std::move(machine);
}

// A step's `setup` must be settings the machine accepts, applied over the lesson's machine.
nlohmann::json read_setup(const JsonNode& node, const std::string& pointer, LoadContext& ctx,
                          const Lesson& lesson) {
  nlohmann::json setup = nlohmann::json::object();
  if (!node.is_object()) {
    error_at(ctx, node.pos, pointer, "\"setup\" must be an object of machine settings");
    return setup;
  }
  // A machine that is itself inconsistent is reported once, not again at every setup.
  if (!lesson.machine || !lesson.machine->check().empty()) return setup;
  std::unique_ptr<Machine> trial = lesson.machine->clone();
  std::vector<std::string> names;
  for (const auto& s : lesson.machine_spec->settings)
    names.push_back(s.name);
  bool ok = true;
  for (const auto& m : node.members) {
    std::string where = pointer + "/" + pointer_escape(m.key);
    if (std::find(names.begin(), names.end(), m.key) == names.end()) {
      std::string close = closest_name(m.key, names);
      std::string message = "unknown setting \"" + m.key + "\"";
      if (!close.empty()) message += "; did you mean \"" + close + "\"?";
      error_at(ctx, m.key_pos, where, message, close);
      if (!close.empty()) note_misspelling(ctx, pointer);
      ok = false;
      continue;
    }
    std::string problem = trial->set(m.key, to_json(m.value));
    if (!problem.empty()) {
      error_at(ctx, m.value.pos, where, "\"" + m.key + "\" " + problem);
      ok = false;
    }
    setup[m.key] = to_json(m.value);
  }
  if (ok) {
    std::string problem = trial->check();
    if (!problem.empty()) error_at(ctx, node.pos, pointer, problem);
  }
  return setup;
}

std::vector<std::string> step_setting_names(const Lesson& lesson) {
  std::vector<std::string> names;
  // A lesson whose machine is unknown (reported once) may mean any kind's: none is flagged.
  std::vector<const MachineSpec*> specs = machine_kinds();
  if (lesson.machine_spec) specs = {lesson.machine_spec};
  for (const MachineSpec* spec : specs) {
    for (const auto& s : spec->settings) {
      if (s.on_step) names.push_back(s.name);
    }
  }
  return names;
}

void read_step_settings(ObjectReader& r, LoadContext& ctx, const Lesson& lesson, Step& step) {
  for (const std::string& name : step_setting_names(lesson)) {
    const JsonNode* value = r.node().find(name);
    if (!value) continue;
    const nlohmann::json v = to_json(*value);
    step.setup[name] = v;
    if (!lesson.machine || !lesson.machine->check().empty()) continue;
    // The setting joins the step's setup, so the machine's limits must allow it there too.
    std::unique_ptr<Machine> trial = lesson.machine->clone();
    for (const auto& [key, setting] : step.setup.items())
      trial->set(key, setting);
    std::string problem = trial->set(name, v);
    if (!problem.empty()) problem = "\"" + name + "\" " + problem;
    if (problem.empty()) problem = trial->check();
    if (!problem.empty()) error_at(ctx, value->pos, r.pointer(name.c_str()), problem);
  }
}

// A demo plays its actions for the learner: one the machine refuses would show the wrong
// machine without a word, so it is an error here.
void check_demo(const JsonNode& actions, const std::string& pointer, LoadContext& ctx,
                const Lesson& lesson, const Step& step) {
  if (!lesson.machine || !lesson.machine->check().empty() ||
      step.actions.size() != actions.items.size()) {
    return;
  }
  std::unique_ptr<Machine> trial = lesson.machine->clone();
  for (const auto& [key, value] : step.setup.items())
    trial->set(key, value);
  for (std::size_t k = 0; k < step.actions.size(); ++k) {
    Outcome outcome = trial->apply(step.actions[k]);
    if (!outcome.ok) {
      error_at(ctx, actions.items[k].pos, pointer + "/" + std::to_string(k),
               std::string("the machine refuses this ") +
                   (step.kind == StepKind::demo ? "demo action: " : "step's action: ") +
                   outcome.why.in(fallback_locale));
    }
  }
}

}  // namespace lessonsim::detail
