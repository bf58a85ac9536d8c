// PO files (gettext's translation format) read and written through gettext's own library,
// libgettextpo: what `lessonsim i18n export` and `import` exchange with translators' tools.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace lessonsim::app {

struct PoEntry {
  std::string context;          // msgctxt: `kv-quant/steps/fill/text`, `interface:menu.lesson`
  std::string source;           // msgid: the text in the source language
  std::string translation;      // msgstr: empty when not yet translated
  std::string previous_source;  // `#| msgid`: the source the translation was made from
  std::string comment;          // `#.`: what the text is, for the translator
  std::string file;             // `#:` reference: the file and line the text stands at
  int line = 0;
  bool fuzzy = false;  // the translation needs review (its source changed since)
};

// Writes `entries` as a PO file for `locale` (a header first, as msgfmt wants it) to `path`, or
// to standard output when `path` is "-". False, with `error`, when it cannot be written.
bool write_po(const std::string& path, const std::string& locale,
              const std::vector<PoEntry>& entries, std::string& error);

struct PoContents {
  std::string locale;  // the header's Language
  std::vector<PoEntry> entries;
};

// The messages of a PO file (the header left out), or nothing with one line per problem in
// `errors`, each `FILE:LINE: error: …`. A file larger than `max_bytes`, or not a regular file,
// is refused before it is read.
std::optional<PoContents> read_po(const std::string& path, std::vector<std::string>& errors,
                                  std::size_t max_bytes = 16u << 20);

}  // namespace lessonsim::app
