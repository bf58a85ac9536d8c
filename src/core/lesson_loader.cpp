#include <algorithm>
#include <fstream>
#include <sstream>

#include "lessonsim/loader.hpp"
#include "loader_support.hpp"
#include "practice_format.hpp"

namespace lessonsim {

using detail::error_at;
using detail::LoadContext;
using detail::ObjectReader;

const char* step_kind_name(StepKind kind) {
  switch (kind) {
    case StepKind::narrate:
      return "narrate";
    case StepKind::predict:
      return "predict";
    case StepKind::demo:
      return "demo";
    case StepKind::operate:
      return "operate";
    case StepKind::quiz:
      return "quiz";
    case StepKind::summary:
      return "summary";
  }
  return "?";
}

int Lesson::step_index(std::string_view step_id) const {
  for (std::size_t k = 0; k < steps.size(); ++k) {
    if (steps[k].id == step_id) return static_cast<int>(k);
  }
  return -1;
}

namespace {

constexpr StepKind all_kinds[] = {StepKind::narrate, StepKind::predict, StepKind::demo,
                                  StepKind::operate, StepKind::quiz,    StepKind::summary};

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
    message += close.empty() ? " (known: " +
                                   [&] {
                                     std::string all;
                                     for (const auto& k : kinds)
                                       all += (all.empty() ? "" : ", ") + k;
                                     return all;
                                   }() +
                                   ")"
                             : "; did you mean \"" + close + "\"?";
    error_at(ctx, kind->pos, r.pointer("kind"), message, close);
    return;
  }
  ctx.variables = &lesson.machine_spec->variables;
  std::unique_ptr<Machine> machine = lesson.machine_spec->create();
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
               "the machine refuses this demo action: " + outcome.why.in("en"));
    }
  }
}

void read_choices(ObjectReader& r, LoadContext& ctx, Step& step) {
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
    if (c.is_object() && c.find("text")) {
      ObjectReader cr(c, where, ctx, "a choice");
      cr.allow({"text", "feedback"}, "a choice");
      choice.text = cr.text("text", true);
      choice.feedback = cr.text("feedback", false);
    } else {
      choice.text = detail::read_text(c, where, ctx);
    }
    step.choices.push_back(std::move(choice));
  }
  auto answer = r.integer("answer", true);
  if (answer && (*answer < 0 || *answer >= static_cast<std::int64_t>(step.choices.size()))) {
    error_at(ctx, r.node().find("answer")->pos, r.pointer("answer"),
             "\"answer\" is " + std::to_string(*answer) + ", but the choices count from 0 to " +
                 std::to_string(static_cast<int>(step.choices.size()) - 1));
  } else if (answer) {
    step.answer = static_cast<int>(*answer);
  }
}

void read_step(const JsonNode& node, const std::string& pointer, LoadContext& ctx, Lesson& lesson) {
  ObjectReader r(node, pointer, ctx, "a step");
  if (!r.ok()) return;
  Step step;
  step.pos = node.pos;
  step.pointer = pointer;
  step.id = r.string("id", true);
  if (const JsonNode* id = node.find("id"); id && id->is_string()) {
    if (!detail::valid_id(step.id)) {
      error_at(ctx, id->pos, r.pointer("id"),
               "a step id uses lowercase letters, digits, '-' and '_' (at most 64)");
    }
  }
  const JsonNode* kind_node = r.get("kind", JsonNode::Type::string, true);
  if (!kind_node) return;
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
    return;
  }
  std::string kind_name = step_kind_name(step.kind);
  std::string owner = (kind_name[0] == 'o' ? "an " : "a ") + kind_name + " step";
  step.title = r.text("title", false);
  switch (step.kind) {
    case StepKind::narrate:
      r.allow({"id", "kind", "title", "text"}, owner.c_str());
      step.text = r.text("text", true);
      break;
    case StepKind::predict:
    case StepKind::quiz:
      r.allow({"id", "kind", "title", "prompt", "choices", "answer", "explain"}, owner.c_str());
      step.text = r.text("prompt", true);
      read_choices(r, ctx, step);
      step.explain = r.text("explain", true);
      break;
    case StepKind::demo:
      r.allow({"id", "kind", "title", "text", "setup", "actions"}, owner.c_str());
      step.text = r.text("text", true);
      if (const JsonNode* setup = node.find("setup")) {
        step.setup = read_setup(*setup, r.pointer("setup"), ctx, lesson);
      }
      if (const JsonNode* actions = r.get("actions", JsonNode::Type::array, true)) {
        for (std::size_t k = 0; k < actions->items.size(); ++k) {
          auto a = detail::read_action(
              actions->items[k], r.pointer("actions") + "/" + std::to_string(k), ctx, lesson, true);
          if (a) step.actions.push_back(std::move(*a));
        }
        check_demo(*actions, r.pointer("actions"), ctx, lesson, step);
      }
      break;
    case StepKind::operate: {
      r.allow({"id", "kind", "title", "text", "setup", "couple", "allow", "goal", "feedback",
               "reveal", "prediction", "practice"},
              owner.c_str());
      step.text = r.text("text", true);
      if (const JsonNode* setup = node.find("setup")) {
        step.setup = read_setup(*setup, r.pointer("setup"), ctx, lesson);
      }
      if (auto couple = r.boolean("couple", false)) {
        step.setup["couple"] = *couple;
        // Coupling ties slices to GPUs, so the machine's limits must allow it on this step too.
        if (lesson.machine && lesson.machine->check().empty()) {
          std::unique_ptr<Machine> trial = lesson.machine->clone();
          for (const auto& [key, value] : step.setup.items())
            trial->set(key, value);
          if (std::string problem = trial->check(); !problem.empty()) {
            error_at(ctx, node.find("couple")->pos, r.pointer("couple"), problem);
          }
        }
      }
      step.goal = r.expression("goal", true, ValueType::boolean);
      if (const JsonNode* rules = r.get("feedback", JsonNode::Type::array, false)) {
        for (std::size_t k = 0; k < rules->items.size(); ++k) {
          std::string where = r.pointer("feedback") + "/" + std::to_string(k);
          ObjectReader fr(rules->items[k], where, ctx, "a feedback rule");
          fr.allow({"when", "say"}, "a feedback rule");
          auto when = fr.expression("when", true, ValueType::boolean);
          LocalizedText say = fr.text("say", true);
          if (when) step.feedback.push_back({std::move(*when), std::move(say)});
        }
      }
      step.reveal = r.text("reveal", true);
      if (const JsonNode* allow = r.get("allow", JsonNode::Type::array, false)) {
        for (std::size_t k = 0; k < allow->items.size(); ++k) {
          const JsonNode& a = allow->items[k];
          std::string where = r.pointer("allow") + "/" + std::to_string(k);
          if (!a.is_string() || !lesson.machine_spec ||
              !find_action(*lesson.machine_spec, a.text)) {
            error_at(ctx, a.pos, where, "\"allow\" lists the machine's action names");
          } else {
            step.allow.push_back(a.text);
          }
        }
      }
      step.prediction = r.string("prediction", false);
      if (const JsonNode* p = node.find("prediction")) step.prediction_pos = p->pos;
      if (const JsonNode* p = node.find("practice")) {
        detail::read_practice(*p, r.pointer("practice"), ctx, lesson, step);
      }
      break;
    }
    case StepKind::summary:
      r.allow({"id", "kind", "title", "text", "key_idea", "can_do", "leads_to"}, owner.c_str());
      step.text = r.text("text", false);
      step.key_idea = r.text("key_idea", true);
      step.can_do = r.text("can_do", true);
      step.leads_to = r.text("leads_to", true);
      break;
  }
  for (const auto& other : lesson.steps) {
    if (!step.id.empty() && other.id == step.id) {
      error_at(ctx, node.find("id")->pos, r.pointer("id"),
               "duplicate step id \"" + step.id + "\" (first at line " +
                   std::to_string(other.pos.line) + ")");
    }
  }
  lesson.steps.push_back(std::move(step));
}

void read_locales(ObjectReader& r, LoadContext& ctx, Lesson& lesson) {
  const JsonNode* locales = r.get("locales", JsonNode::Type::array, true);
  if (!locales) return;
  if (locales->items.empty()) {
    error_at(ctx, locales->pos, r.pointer("locales"), "\"locales\" names at least one locale");
  }
  for (std::size_t k = 0; k < locales->items.size(); ++k) {
    const JsonNode& l = locales->items[k];
    std::string where = r.pointer("locales") + "/" + std::to_string(k);
    if (!l.is_string() || l.text.size() < 2 || l.text.size() > 8) {
      error_at(ctx, l.pos, where, "a locale is a short code such as \"es\" or \"en\"");
    } else if (std::find(lesson.locales.begin(), lesson.locales.end(), l.text) !=
               lesson.locales.end()) {
      error_at(ctx, l.pos, where, "locale \"" + l.text + "\" is listed twice");
    } else {
      lesson.locales.push_back(l.text);
    }
  }
  ctx.locales = lesson.locales;
}

}  // namespace

std::shared_ptr<const Lesson> load_lesson(std::string_view text, Diagnostics& diags) {
  auto root = parse_json_source(text, diags);
  return root ? load_lesson(*root, diags) : nullptr;
}

std::shared_ptr<const Lesson> load_lesson(const JsonNode& parsed, Diagnostics& diags) {
  const JsonNode* root = &parsed;
  auto lesson = std::make_shared<Lesson>();
  lesson->file = diags.file();
  LoadContext ctx{diags, {}, nullptr};
  ObjectReader r(*root, "", ctx, "a lesson");
  if (!r.ok()) return nullptr;
  r.allow({"$schema", "format", "id", "version", "locales", "title", "next", "machine", "steps",
           "glossary", "playthroughs"},
          "a lesson");
  r.string("$schema", false);
  if (auto format = r.integer("format", true)) {
    if (*format != current_format) {
      error_at(ctx, root->find("format")->pos, r.pointer("format"),
               "this lessonsim reads format " + std::to_string(current_format) + ", not " +
                   std::to_string(*format));
      return nullptr;
    }
  }
  lesson->id = r.string("id", true);
  if (const JsonNode* id = root->find("id"); id && id->is_string() && !detail::valid_id(id->text)) {
    error_at(ctx, id->pos, r.pointer("id"),
             "a lesson id uses lowercase letters, digits, '-' and '_' (at most 64)");
  }
  lesson->version = r.string("version", true);
  read_locales(r, ctx, *lesson);
  if (const JsonNode* machine = r.get("machine", JsonNode::Type::object, true)) {
    read_machine(*machine, r.pointer("machine"), ctx, *lesson);
  }
  lesson->title = r.text("title", true);
  lesson->next = r.string("next", false);
  if (const JsonNode* steps = r.get("steps", JsonNode::Type::array, true)) {
    if (steps->items.empty()) error_at(ctx, steps->pos, r.pointer("steps"), "a lesson needs steps");
    for (std::size_t k = 0; k < steps->items.size(); ++k) {
      read_step(steps->items[k], r.pointer("steps") + "/" + std::to_string(k), ctx, *lesson);
    }
  }
  for (std::size_t k = 0; k < lesson->steps.size(); ++k) {
    const Step& s = lesson->steps[k];
    if (s.prediction.empty()) continue;
    int target = lesson->step_index(s.prediction);
    if (target < 0 || lesson->steps[static_cast<std::size_t>(target)].kind != StepKind::predict) {
      error_at(ctx, s.prediction_pos, s.pointer + "/prediction",
               "\"prediction\" must name a predict step");
    }
  }
  if (const JsonNode* glossary = r.get("glossary", JsonNode::Type::array, false)) {
    for (std::size_t k = 0; k < glossary->items.size(); ++k) {
      std::string where = r.pointer("glossary") + "/" + std::to_string(k);
      ObjectReader gr(glossary->items[k], where, ctx, "a glossary entry");
      gr.allow({"term", "definition"}, "a glossary entry");
      GlossaryEntry entry;
      if (const JsonNode* term = glossary->items[k].find("term"); term && term->is_string()) {
        for (const auto& locale : lesson->locales)
          entry.term.by_locale.emplace(locale, term->text);
      } else {
        entry.term = gr.text("term", true);
      }
      entry.definition = gr.text("definition", true);
      lesson->glossary.push_back(std::move(entry));
    }
  }
  if (const JsonNode* p = r.get("playthroughs", JsonNode::Type::array, false)) {
    detail::read_playthroughs(*p, r.pointer("playthroughs"), ctx, *lesson);
  }
  if (diags.has_errors()) return nullptr;
  return lesson;
}

bool read_file(const std::filesystem::path& path, std::string& out, std::string& error) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    error = "is a folder, not a file";
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot be read";
    return false;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  out = std::move(buffer).str();
  return true;
}

std::shared_ptr<const Lesson> load_lesson_file(const std::filesystem::path& path,
                                               Diagnostics& diags) {
  std::string text, error;
  if (!read_file(path, text, error)) {
    diags.error({}, "the file " + error);
    return nullptr;
  }
  return load_lesson(text, diags);
}

namespace {

bool is_lesson_name(const std::string& name) {
  return name != "course.json" && !name.ends_with(".schema.json");
}

}  // namespace

std::vector<std::filesystem::path> lesson_files(const std::vector<std::string>& paths,
                                                std::vector<std::string>& missing) {
  namespace fs = std::filesystem;
  std::vector<fs::path> out;
  for (const auto& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<fs::path> found;
      for (const auto& entry : fs::recursive_directory_iterator(p, ec)) {
        const fs::path& f = entry.path();
        std::string name = f.filename().string();
        if (!entry.is_regular_file() || f.extension() != ".json" || !is_lesson_name(name)) continue;
        found.push_back(f);
      }
      std::sort(found.begin(), found.end());
      out.insert(out.end(), found.begin(), found.end());
    } else if (fs::exists(p, ec)) {
      // A course or a schema named directly is checked as what it is, not as a lesson.
      if (is_lesson_name(fs::path(p).filename().string())) out.emplace_back(p);
    } else {
      missing.push_back(p);
    }
  }
  return out;
}

}  // namespace lessonsim

namespace lessonsim {

std::shared_ptr<const Lesson> with_machine_setting(const std::shared_ptr<const Lesson>& lesson,
                                                   const std::string& name,
                                                   const nlohmann::json& value,
                                                   std::string& error) {
  bool known = false;
  for (const auto& s : lesson->machine_spec->settings)
    known = known || s.name == name;
  if (!known) {
    error = "the " + lesson->machine_spec->kind + " machine has no setting \"" + name + "\"";
    return nullptr;
  }
  std::unique_ptr<Machine> machine = lesson->machine->clone();
  error = machine->set(name, value);
  if (error.empty()) error = machine->check();
  if (!error.empty()) {
    error = "\"" + name + "\" " + error;
    return nullptr;
  }
  auto copy = std::make_shared<Lesson>(*lesson);
  copy->machine = std::move(machine);
  return copy;
}

}  // namespace lessonsim
