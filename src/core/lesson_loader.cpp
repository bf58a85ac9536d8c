#include <algorithm>

#include "lessonsim/loader.hpp"
#include "loader_support.hpp"
#include "practice_format.hpp"

namespace lessonsim {

using detail::check_demo;
using detail::error_at;
using detail::join_names;
using detail::LoadContext;
using detail::ObjectReader;
using detail::read_machine;
using detail::read_setup;
using detail::require_format;

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
      r.allow(
          {"id", "kind", "title", "prompt", "setup", "choices", "answer", "answer_from", "explain"},
          owner.c_str());
      step.text = r.text("prompt", true);
      if (const JsonNode* setup = node.find("setup")) {
        require_format(ctx, setup->pos, r.pointer("setup"), "a question's \"setup\"", 2);
        step.setup = read_setup(*setup, r.pointer("setup"), ctx, lesson);
      }
      detail::read_question(r, ctx, lesson, step);
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
      std::vector<std::string> keys = {"id",     "kind",       "title",   "text",
                                       "setup",  "allow",      "goal",    "feedback",
                                       "reveal", "prediction", "practice"};
      for (const std::string& k : detail::step_setting_names(lesson))
        keys.push_back(k);
      r.allow(keys, owner.c_str());
      step.text = r.text("text", true);
      if (const JsonNode* setup = node.find("setup")) {
        step.setup = read_setup(*setup, r.pointer("setup"), ctx, lesson);
      }
      detail::read_step_settings(r, ctx, lesson, step);
      step.goal = r.expression("goal", true, ValueType::boolean);
      if (const JsonNode* rules = r.get("feedback", JsonNode::Type::array, false)) {
        for (std::size_t k = 0; k < rules->items.size(); ++k) {
          std::string where = r.pointer("feedback") + "/" + std::to_string(k);
          ObjectReader fr(rules->items[k], where, ctx, "a feedback rule");
          fr.allow({"id", "when", "say"}, "a feedback rule");
          std::string id = fr.string("id", false);
          if (!id.empty()) ctx.rule_ids.push_back(id);
          if (const JsonNode* id_node = rules->items[k].find("id");
              id_node && id_node->is_string()) {
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
      step.reveal = r.text("reveal", true);
      if (const JsonNode* allow = r.get("allow", JsonNode::Type::array, false)) {
        for (std::size_t k = 0; k < allow->items.size(); ++k) {
          const JsonNode& a = allow->items[k];
          std::string where = r.pointer("allow") + "/" + std::to_string(k);
          if (!lesson.machine_spec) continue;  // the machine itself is already reported
          if (!a.is_string()) {
            error_at(
                ctx, a.pos, where,
                std::string("\"allow\" lists action names (strings), not ") + type_name(a.type));
          } else if (!find_action(*lesson.machine_spec, a.text)) {
            std::vector<std::string> names;
            for (const auto& action : lesson.machine_spec->actions)
              names.push_back(action.name);
            std::string close = closest_name(a.text, names);
            std::string message = "\"allow\" names no action \"" + a.text + "\" of the " +
                                  lesson.machine_spec->kind + " machine; ";
            message += close.empty() ? "its actions are " + join_names(names)
                                     : "did you mean \"" + close + "\"?";
            error_at(ctx, a.pos, where, message, close);
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
    if (!l.is_string() || !detail::valid_locale(l.text)) {
      // A code with the wrong case is still read as the code it means, so the lesson's texts
      // are checked against it and the one mistake gives one error, here.
      std::string meant = l.is_string() ? detail::normalized_locale(l.text) : std::string{};
      std::string message =
          l.is_string() ? "\"" + l.text + "\" is not a locale code" : "a locale is a string";
      message += meant.empty() ? "; write a short code such as \"es\" or \"en-GB\""
                               : "; did you mean \"" + meant + "\"?";
      error_at(ctx, l.pos, where, message, meant);
      if (meant.empty()) {
        ctx.locales_unknown = true;
      } else {
        lesson.locales.push_back(meant);
      }
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

std::shared_ptr<const Lesson> load_lesson(std::string_view text, Diagnostics& diags,
                                          const LoadOptions& options) {
  auto root = parse_json_source(text, diags);
  return root ? load_lesson(*root, diags, options) : nullptr;
}

std::shared_ptr<const Lesson> load_lesson(const JsonNode& parsed, Diagnostics& diags,
                                          const LoadOptions& options) {
  const JsonNode* root = &parsed;
  auto lesson = std::make_shared<Lesson>();
  lesson->file = diags.file();
  LoadContext ctx{diags, {}, nullptr, false, current_format, {options.hardware}};
  ObjectReader r(*root, "", ctx, "a lesson");
  if (!r.ok()) return nullptr;
  r.allow({"$schema", "format", "id", "version", "locales", "title", "next", "machine", "steps",
           "glossary", "playthroughs"},
          "a lesson");
  r.string("$schema", false);
  if (auto format = r.integer("format", true)) {
    // Format 2 only adds optional keys, so a format-1 file is read as it is: the migration from
    // 1 is the identity, and a key that came with 2 asks for the higher number.
    if (*format < 1 || *format > current_format) {
      error_at(ctx, root->find("format")->pos, r.pointer("format"),
               "this lessonsim reads formats 1 to " + std::to_string(current_format) + ", not " +
                   std::to_string(*format));
      return nullptr;
    }
    ctx.format = static_cast<int>(*format);
    lesson->format = ctx.format;
  }
  lesson->id = r.string("id", true);
  if (const JsonNode* id = root->find("id"); id && id->is_string() && !valid_id(id->text)) {
    error_at(ctx, id->pos, r.pointer("id"), std::string("a lesson id uses ") + id_pattern_words);
  }
  lesson->version = r.string("version", true);
  read_locales(r, ctx, *lesson);
  if (const JsonNode* machine = r.get("machine", JsonNode::Type::object, true)) {
    read_machine(*machine, r.pointer("machine"), ctx, *lesson);
  }
  lesson->title = r.text("title", true);
  lesson->next = r.string("next", false);
  if (const JsonNode* next = root->find("next");
      next && next->is_string() && !valid_id(next->text)) {
    error_at(
        ctx, next->pos, r.pointer("next"),
        "\"next\" is \"" + next->text + "\", which is not a lesson id (" + id_pattern_words + ")");
  }
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
      std::vector<std::string> predicts;
      for (const auto& other : lesson->steps) {
        if (other.kind == StepKind::predict) predicts.push_back(other.id);
      }
      std::string close = closest_name(s.prediction, predicts);
      std::string message = "\"prediction\" names \"" + s.prediction + "\", which is " +
                            (target < 0 ? "no step" : "not a predict step") +
                            "; it names a predict step";
      if (!close.empty()) message += "; did you mean \"" + close + "\"?";
      error_at(ctx, s.prediction_pos, s.pointer + "/prediction", message, close);
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

std::shared_ptr<const Lesson> load_lesson_file(const std::filesystem::path& path,
                                               Diagnostics& diags, const LoadOptions& options) {
  std::string text, error;
  if (!read_file(path, text, error)) {
    diags.error({}, "the file " + error);
    return nullptr;
  }
  return load_lesson(text, diags, options);
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
