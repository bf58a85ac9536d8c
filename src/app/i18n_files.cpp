#include "i18n_files.hpp"

#include "lessonsim/bounded_read.hpp"
#include "po_file.hpp"

namespace lessonsim::app {

namespace fs = std::filesystem;

ParsedFile parse_file(const fs::path& path) {
  ParsedFile out;
  out.path = path;
  std::string error;
  if (!read_file(path, out.text, error)) {
    out.problems.push_back(path.string() + ": error: the file " + error);
    return out;
  }
  Diagnostics diags(path.string());
  out.root = parse_json_source(out.text, diags);
  for (const auto& d : diags.all())
    out.problems.push_back(format_gcc(d));
  if (out.root && !out.root->is_object()) {
    out.problems.push_back(path.string() + ": error: not a JSON object");
    out.root.reset();
  }
  return out;
}

fs::path record_path(const fs::path& folder, const std::string& locale) {
  return folder / "translated-from" / (locale + ".pot");
}

SourceRecord read_record(const fs::path& folder, const std::string& locale,
                         std::vector<std::string>& problems) {
  SourceRecord record;
  record.file = record_path(folder, locale);
  std::error_code ec;
  if (!fs::exists(record.file, ec)) return record;
  auto read = read_po(record.file.string(), problems);
  if (!read) return record;
  for (auto& e : read->entries)
    record.sources[e.context] = std::move(e.source);
  return record;
}

bool write_record(const SourceRecord& record, const std::string& locale, std::string& error) {
  std::vector<PoEntry> entries;
  for (const auto& [context, source] : record.sources)
    entries.push_back({context, source, {}, {}, {}, {}, 0, false});
  std::error_code ec;
  fs::create_directories(record.file.parent_path(), ec);
  fs::path temp = record.file.string() + ".new";
  if (!write_po(temp.string(), locale, entries, error)) return false;
  fs::rename(temp, record.file, ec);
  if (ec) error = record.file.string() + ": " + ec.message();
  return !ec;
}

CatalogTexts catalog_texts(const fs::path& folder, const std::string& locale) {
  CatalogTexts out;
  out.source = parse_file(folder / "en.json");
  fs::path target = folder / (locale + ".json");
  std::error_code ec;
  if (fs::exists(target, ec)) {
    out.target = parse_file(target);
  } else {
    out.target.path = target;  // a new language: every message lacks it
  }
  if (!out.source.root) return out;
  for (const auto& m : out.source.root->members) {
    if (!m.value.is_string()) continue;
    LessonText t;
    t.context = std::string(interface_context) + m.key;
    t.pointer = "/" + pointer_escape(m.key);
    t.source = m.value.text;
    const JsonNode* now = out.target.root ? out.target.root->find(m.key) : nullptr;
    if (now && now->is_string()) t.translation = now->text;
    out.texts.push_back(std::move(t));
  }
  return out;
}

bool stale(const LessonText& t, const SourceRecord& record) {
  auto it = record.sources.find(t.context);
  return t.translation && it != record.sources.end() && it->second != t.source;
}

}  // namespace lessonsim::app
