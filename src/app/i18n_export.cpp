// `lessonsim i18n export --locale L PATH...`: every lesson and interface text that L lacks, or
// whose source changed since it was translated (fuzzy, with the source it was made from), as
// one PO file for a translator's own tools.
#include "i18n.hpp"

#include <algorithm>
#include <iostream>

#include "lessonsim/loader.hpp"

namespace lessonsim::app {

namespace fs = std::filesystem;

namespace {

// What the translator should know of the text: where it shows, and what not to touch.
std::string lesson_comment(const JsonNode& root, const std::string& lesson_id,
                           const LessonText& t) {
  std::string out = "Lesson \"" + lesson_id + "\"";
  const JsonNode* steps = root.find("steps");
  std::size_t index = 0;
  if (steps && steps->is_array() && t.pointer.starts_with("/steps/") &&
      std::sscanf(t.pointer.c_str(), "/steps/%zu", &index) == 1 && index < steps->items.size()) {
    const JsonNode& step = steps->items[index];
    const JsonNode* id = step.find("id");
    const JsonNode* kind = step.find("kind");
    if (id && id->is_string()) out += ", step \"" + id->text + "\"";
    if (kind && kind->is_string()) out += " (" + kind->text + ")";
  } else if (t.pointer.starts_with("/machine")) {
    out += ", its machine";
  } else if (t.pointer.starts_with("/glossary")) {
    out += ", glossary";
  }
  out += ".";
  if (t.source.find('{') != std::string::npos) {
    out +=
        " {…} is filled in with the machine's numbers: keep each as it is (a plural's words "
        "inside it are translated).";
  }
  return out;
}

std::string interface_comment(const LessonText& t) {
  std::string out = "The window's and the terminal's words (message " +
                    t.context.substr(interface_context.size()) + ").";
  if (t.source.find('{') != std::string::npos) {
    out +=
        " An ICU MessageFormat pattern: keep each {argument} and the plural and select "
        "keywords; translate the words inside them.";
  }
  return out;
}

// The entry for `t`, or nothing when it is translated and current and `all` is not asked for.
std::optional<PoEntry> entry_for(const LessonText& t, const SourceRecord& record, bool all) {
  const bool is_stale = stale(t, record);
  if (t.translation && !is_stale && !all) return std::nullopt;
  PoEntry e;
  e.context = t.context;
  e.source = t.source;
  e.translation = t.translation.value_or("");
  e.fuzzy = is_stale;
  if (is_stale) e.previous_source = record.sources.at(t.context);
  return e;
}

int source_line(const LessonText& t, const std::string& source_locale) {
  if (!t.node) return 0;
  const JsonNode* s = t.node->find(source_locale);
  return s ? s->pos.line : t.node->pos.line;
}

}  // namespace

int run_i18n_export(const I18nOptions& o) {
  std::vector<std::string> missing, problems;
  std::vector<PoEntry> entries;
  std::map<fs::path, SourceRecord> records;  // one per folder of lessons
  for (const fs::path& path : lesson_files(o.paths, missing)) {
    ParsedFile file = parse_file(path);
    problems.insert(problems.end(), file.problems.begin(), file.problems.end());
    if (!file.root) continue;
    std::string id = lesson_id_of(*file.root);
    std::vector<std::string> locales = lesson_locales_of(*file.root);
    std::string source = translation_source(locales);
    if (id.empty() || o.locale == source) continue;
    fs::path folder = path.parent_path();
    if (!records.count(folder)) records[folder] = read_record(folder, o.locale, problems);
    for (const LessonText& t : lesson_texts(*file.root, id, locales, o.locale)) {
      auto e = entry_for(t, records[folder], o.all);
      if (!e) continue;
      e->comment = lesson_comment(*file.root, id, t);
      e->file = path.string();
      e->line = source_line(t, source);
      entries.push_back(std::move(*e));
    }
  }
  for (const auto& m : missing)
    problems.push_back(m + ": error: no such file or folder");
  if (o.interface && o.locale != "en") {
    CatalogTexts catalog = catalog_texts(o.catalogs, o.locale);
    for (const auto* f : {&catalog.source, &catalog.target})
      problems.insert(problems.end(), f->problems.begin(), f->problems.end());
    SourceRecord record = read_record(o.catalogs, o.locale, problems);
    for (const LessonText& t : catalog.texts) {
      auto e = entry_for(t, record, o.all);
      if (!e) continue;
      e->comment = interface_comment(t);
      e->file = catalog.source.path.string();
      const JsonNode* m = catalog.source.root->find(t.context.substr(interface_context.size()));
      e->line = m ? m->pos.line : 0;
      entries.push_back(std::move(*e));
    }
  }
  for (const auto& p : problems)
    std::cerr << p << '\n';
  bool failed = std::any_of(problems.begin(), problems.end(), [](const std::string& p) {
    return p.find("error: ") != std::string::npos;
  });
  if (failed) return exit_wrong;
  std::string error;
  if (!write_po(o.out, o.locale, entries, error)) {
    std::cerr << "error: " << error << '\n';
    return exit_environment;
  }
  auto count = [&](auto pred) {
    return static_cast<std::size_t>(std::count_if(entries.begin(), entries.end(), pred));
  };
  std::size_t fuzzy = count([](const PoEntry& e) { return e.fuzzy; });
  std::size_t lacking = count([](const PoEntry& e) { return e.translation.empty(); });
  std::cerr << lacking + fuzzy << " text(s) to translate into " << o.locale << ": " << lacking
            << " without a translation, " << fuzzy << " changed since translated (fuzzy)";
  if (o.all) std::cerr << "; " << entries.size() << " entries in all";
  std::cerr << '\n';
  return exit_ok;
}

}  // namespace lessonsim::app
