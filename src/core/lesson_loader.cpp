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

bool sets_up_machine(const Lesson& lesson, const Step& step) {
  if (step.kind == StepKind::operate || step.kind == StepKind::demo) return true;
  // Before format 3 a question's setup only decides its `answer_from`; the machine the learner
  // last saw stays as it was.
  if (lesson.format < 3) return false;
  return step.machine || !step.setup.empty() || !step.actions.empty();
}

namespace {

void read_locales(ObjectReader& r, LoadContext& ctx, Lesson& lesson) {
  const JsonNode* locales = r.get("locales", JsonNode::Type::array, true);
  if (!locales) {
    ctx.locales_unknown = true;  // already reported; no text can be judged against them
    return;
  }
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
  const JsonNode* steps = r.get("steps", JsonNode::Type::array, true);
  ctx.steps_unknown = steps == nullptr;
  if (steps) {
    if (steps->items.empty()) error_at(ctx, steps->pos, r.pointer("steps"), "a lesson needs steps");
    for (const JsonNode& item : steps->items) {
      // A misspelt "id" ("idd") still declares the step: the error is at the misspelling, and
      // the playthroughs that name the step are not reported again.
      for (const auto& m : item.members) {
        bool is_id = m.key == "id" || (!item.find("id") && closest_name(m.key, {"id"}) == "id");
        if (is_id && m.value.is_string()) ctx.step_ids.push_back(m.value.text);
      }
    }
    for (std::size_t k = 0; k < steps->items.size(); ++k) {
      detail::read_step(steps->items[k], r.pointer("steps") + "/" + std::to_string(k), ctx,
                        *lesson);
    }
  }
  for (std::size_t k = 0; k < lesson->steps.size(); ++k) {
    const Step& s = lesson->steps[k];
    if (s.prediction.empty()) continue;
    int target = lesson->step_index(s.prediction);
    // A step declared but not loaded is reported where it stands, not again here.
    if (target < 0 &&
        std::find(ctx.step_ids.begin(), ctx.step_ids.end(), s.prediction) != ctx.step_ids.end()) {
      continue;
    }
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
