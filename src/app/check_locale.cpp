#include "check_locale.hpp"

#include <algorithm>

#include "lessonsim/bounded_read.hpp"
#include "lessonsim/json_source.hpp"
#include "lessonsim/messages.hpp"
#include "lessonsim/share_dir.hpp"

namespace lessonsim::app {

namespace {

// The interface: every id English has that the locale's catalog (or its language's) lacks.
void check_catalog(const std::string& locale, std::vector<Diagnostic>& out) {
  const Messages& m = messages();
  std::string file = (assets_dir() / "i18n" / (locale + ".json")).string();
  Diagnostics d(file);
  std::string language = locale.substr(0, locale.find('-'));
  if (!m.has_locale(locale) && !m.has_locale(language)) {
    d.warning({}, "there is no catalog for \"" + locale +
                      "\": the interface shows in English (write this file, starting from " +
                      std::string(fallback_locale) + ".json)");
  } else {
    for (const std::string& id : m.ids(fallback_locale)) {
      if (m.has(locale, id) || m.has(language, id)) continue;
      d.warning({}, "message \"" + id + "\" is missing; English stands in", "/" + id);
    }
  }
  out.insert(out.end(), d.all().begin(), d.all().end());
}

// A lesson either lists the locale (and the loader has then checked every text has it) or
// shows its texts in its first locale's place.
void check_lesson(const std::string& locale, const std::filesystem::path& file,
                  std::vector<Diagnostic>& out) {
  Diagnostics d(file.string());
  std::string text, error;
  if (!read_file(file, text, error)) return;  // `check` has said why already
  Diagnostics ignored(file.string());
  auto root = parse_json_source(text, ignored);
  if (!root || !root->is_object()) return;
  const JsonNode* locales = root->find("locales");
  if (!locales || !locales->is_array()) return;
  bool listed = std::any_of(locales->items.begin(), locales->items.end(),
                            [&](const JsonNode& l) { return l.is_string() && l.text == locale; });
  if (!listed) {
    d.warning(locales->pos,
              "the lesson has no \"" + locale + "\" texts; a learner in " + locale +
                  " reads them in English",
              "/locales");
  }
  out.insert(out.end(), d.all().begin(), d.all().end());
}

}  // namespace

std::vector<Diagnostic> check_locale_coverage(const std::string& locale,
                                              const std::vector<std::filesystem::path>& lessons) {
  std::vector<Diagnostic> out;
  check_catalog(locale, out);
  for (const auto& file : lessons) {
    if (file.filename() != "course.json") check_lesson(locale, file, out);
  }
  return out;
}

}  // namespace lessonsim::app
