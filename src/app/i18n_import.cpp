// `lessonsim i18n import L.po PATH...`: a translator's PO file written back into the lesson files
// and the interface catalog, each string where it stands (nothing else in the files moves), once
// the edited file still loads.
#include "i18n.hpp"

#include <algorithm>
#include <iostream>
#include <set>

#include "lessonsim/catalog.hpp"
#include "lessonsim/json_edit.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/locale_code.hpp"
#include "lessonsim/messages.hpp"
#include "lessonsim/pseudo_locale.hpp"
#include "lessonsim/settings.hpp"

namespace lessonsim::app {

namespace fs = std::filesystem;

namespace {

struct Import {
  const I18nOptions& options;
  std::string locale;
  std::map<std::string, const PoEntry*> by_context;  // translated, not fuzzy
  std::set<std::string> used;                        // contexts found in some file
  int written = 0, failed = 0;

  void warn(const std::string& where, const std::string& what) const {
    std::cerr << where << ": warning: " << what << '\n';
  }

  // The translation of `t` the PO file brings, or null; a source that changed since the export
  // is said and skipped, since the translation was made for the old one.
  const PoEntry* entry_for(const LessonText& t, const std::string& where) {
    auto it = by_context.find(t.context);
    if (it == by_context.end()) return nullptr;
    used.insert(t.context);
    if (it->second->source != t.source) {
      warn(where, "the source of \"" + t.context +
                      "\" changed since the PO file was exported; not imported (export again)");
      return nullptr;
    }
    return it->second;
  }

  // Records that `t`'s translation is made from its current source when this import wrote it,
  // or confirmed one the record knew as made from another source.
  static void record(SourceRecord& r, const LessonText& t, bool edited) {
    auto known = r.sources.find(t.context);
    if (edited || (known != r.sources.end() && known->second != t.source)) {
      r.sources[t.context] = t.source;
      r.changed = true;
    }
  }

  bool save(const fs::path& path, const std::string& text) {
    std::string error;
    if (!write_file_atomically(path, text, error)) {
      std::cerr << path.string() << ": error: " << error << '\n';
      ++failed;
      return false;
    }
    ++written;
    return true;
  }

  void lesson(const fs::path& path, std::map<fs::path, SourceRecord>& records,
              std::vector<std::string>& problems) {
    ParsedFile file = parse_file(path);
    if (!file.root) {
      for (const auto& p : file.problems)
        std::cerr << p << '\n';
      ++failed;
      return;
    }
    std::string id = lesson_id_of(*file.root);
    std::vector<std::string> locales = lesson_locales_of(*file.root);
    fs::path folder = path.parent_path();
    if (!records.count(folder)) records[folder] = read_record(folder, locale, problems);
    // What the record learns is kept only once the lesson is written (or needs no edit).
    SourceRecord pending = records[folder];
    std::vector<TextEdit> edits;
    std::size_t lacking = 0, texts = 0;
    for (const LessonText& t : lesson_texts(*file.root, id, locales, locale)) {
      ++texts;
      const PoEntry* e = entry_for(t, path.string());
      bool edited = e && t.translation != e->translation;
      if (edited) edits.push_back(set_member(file.text, *t.node, locale, e->translation));
      if (e) record(pending, t, edited);
      if (!t.translation && !e) ++lacking;
    }
    if (edits.empty()) {
      records[folder] = std::move(pending);
      return;
    }
    if (std::find(locales.begin(), locales.end(), locale) == locales.end()) {
      // A lesson lists only the locales every text has; until then its file stays as it was.
      if (lacking > 0) {
        warn(path.string(), std::to_string(lacking) + " of " + std::to_string(texts) +
                                " texts still lack a " + locale +
                                " translation; the lesson is left as it was until every text "
                                "has one (it lists only locales it has in full)");
        return;
      }
      const JsonNode* array = file.root->find("locales");
      if (array && array->is_array()) edits.push_back(append_item(file.text, *array, locale));
    }
    std::string text = apply_edits(file.text, edits);
    Diagnostics diags(path.string());
    if (!load_lesson(text, diags)) {
      for (const auto& d : diags.all())
        std::cerr << format_gcc(d) << '\n';
      std::cerr << path.string()
                << ": error: with this translation the lesson would not load; "
                   "it is left as it was\n";
      ++failed;
      return;
    }
    if (save(path, text)) records[folder] = std::move(pending);
  }

  void catalog(std::vector<std::string>& problems) {
    CatalogTexts c = catalog_texts(options.catalogs, locale);
    if (!c.source.root) return;
    SourceRecord record_file = read_record(options.catalogs, locale, problems);
    std::vector<TextEdit> edits;
    nlohmann::ordered_json fresh = nlohmann::ordered_json::object();  // a catalog not yet there
    std::string previous;  // the last message before this one that the catalog has
    for (const LessonText& t : c.texts) {
      std::string id = t.context.substr(interface_context.size());
      const PoEntry* e = entry_for(t, c.source.path.string());
      bool edited = e && t.translation != e->translation;
      if (edited && c.target.root) {
        edits.push_back(
            t.translation || previous.empty()
                ? set_member(c.target.text, *c.target.root, id, e->translation)
                : add_member_after(c.target.text, *c.target.root, previous, id, e->translation));
      }
      if (edited && !c.target.root) fresh[id] = e->translation;
      if (e) record(record_file, t, edited);
      if (t.translation || edited) previous = id;
    }
    std::string text = c.target.root   ? apply_edits(c.target.text, edits)
                       : fresh.empty() ? std::string()
                                       : fresh.dump(2, ' ', false) + "\n";
    if (text.empty() || text == c.target.text) {
      write_changed_record(record_file);
      return;
    }
    Diagnostics diags(c.target.path.string());
    Messages check;
    if (!check.add(locale, text, diags)) {
      for (const auto& d : diags.all())
        std::cerr << format_gcc(d) << '\n';
      std::cerr << c.target.path.string()
                << ": error: with this translation the catalog would not load; it is left as "
                   "it was\n";
      ++failed;
      return;
    }
    if (save(c.target.path, text)) write_changed_record(record_file);
  }

  void write_changed_record(const SourceRecord& r) {
    if (!r.changed) return;
    std::string error;
    if (!write_record(r, locale, error)) {
      std::cerr << r.file.string() << ": error: " << error << '\n';
      ++failed;
    }
  }
};

}  // namespace

int run_i18n_import(const I18nOptions& o) {
  std::vector<std::string> problems;
  auto po = read_po(o.po, problems);
  for (const auto& p : problems)
    std::cerr << p << '\n';
  if (!po) return exit_wrong;
  problems.clear();
  std::string why;
  if (po->locale.empty() || !valid_locale_code(po->locale, &why) || po->locale == pseudo_locale) {
    std::cerr << o.po << ": error: the header's Language is \"" << po->locale
              << "\"; it names the locale the file translates into (e.g. pt-BR)\n";
    return exit_wrong;
  }
  Import run{o, po->locale, {}, {}, 0, 0};
  int fuzzy = 0;
  for (const PoEntry& e : po->entries) {
    if (e.fuzzy) ++fuzzy;
    if (!e.fuzzy && !e.translation.empty()) run.by_context[e.context] = &e;
  }
  std::vector<std::string> missing;
  std::map<fs::path, SourceRecord> records;
  for (const fs::path& path : lesson_files(o.paths, missing))
    run.lesson(path, records, problems);
  for (const auto& m : missing) {
    std::cerr << m << ": error: no such file or folder\n";
    ++run.failed;
  }
  if (o.interface) run.catalog(problems);
  for (auto& [folder, record] : records)
    run.write_changed_record(record);
  for (const auto& p : problems)
    std::cerr << p << '\n';
  for (const auto& [context, e] : run.by_context) {
    if (run.used.count(context)) continue;
    std::string where = e->file.empty() ? o.po : e->file + ":" + std::to_string(e->line);
    run.warn(where, "no text \"" + context +
                        "\" in the lessons given (moved, removed, or in a "
                        "lesson not named); not imported");
  }
  std::cerr << run.written << " file(s) written";
  if (fuzzy > 0)
    std::cerr << "; " << fuzzy << " fuzzy entr" << (fuzzy == 1 ? "y" : "ies")
              << " left out until reviewed";
  std::cerr << '\n';
  return run.failed > 0 ? exit_wrong : exit_ok;
}

}  // namespace lessonsim::app
