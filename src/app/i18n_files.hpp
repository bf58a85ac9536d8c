// What `i18n export` and `i18n import` share: the lesson files and the interface catalogs read as
// texts, and the record of the source each translation was made from (`translated-from/L.pot`
// beside them), which tells a translation whose source has changed since.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "lessonsim/json_source.hpp"
#include "lessonsim/translation.hpp"

namespace lessonsim::app {

// A JSON file read and parsed, positions kept; `root` empty when it did not parse.
struct ParsedFile {
  std::filesystem::path path;
  std::string text;
  std::optional<JsonNode> root;
  std::vector<std::string> problems;  // FILE:LINE:COL lines, when it did not read or parse
};
ParsedFile parse_file(const std::filesystem::path& path);

// The source each translation into one locale was made from, by context: kept in
// `FOLDER/translated-from/LOCALE.pot` for the lessons of FOLDER (and the catalogs' folder).
struct SourceRecord {
  std::filesystem::path file;
  std::map<std::string, std::string> sources;
  bool changed = false;
};
std::filesystem::path record_path(const std::filesystem::path& folder, const std::string& locale);
// An absent record is empty: no translation is known to be out of date.
SourceRecord read_record(const std::filesystem::path& folder, const std::string& locale,
                         std::vector<std::string>& problems);
bool write_record(const SourceRecord& record, const std::string& locale, std::string& error);

// The interface's messages as texts: English's catalog `en.json` is the source, `LOCALE.json`
// the translation (absent: none translated).
struct CatalogTexts {
  ParsedFile source, target;
  std::vector<LessonText> texts;  // context `interface:ID`, `node` null
};
CatalogTexts catalog_texts(const std::filesystem::path& folder, const std::string& locale);

// Whether the translation of `t` is out of date: the record says it was made from another
// source. A translation the record does not know is taken as current.
bool stale(const LessonText& t, const SourceRecord& record);

}  // namespace lessonsim::app
