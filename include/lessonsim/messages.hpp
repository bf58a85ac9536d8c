// The interface's message catalogs, one per locale (assets/i18n/<locale>.json: a flat object of
// message id -> ICU MessageFormat string), rendering a Message in a locale with ICU.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "lessonsim/diagnostics.hpp"
#include "lessonsim/message.hpp"

namespace lessonsim {

// The locale every other falls back to, and the catalog that must hold every id.
inline constexpr std::string_view fallback_locale = "en";

class Messages {
 public:
  Messages();
  ~Messages();
  Messages(Messages&&) noexcept;
  Messages& operator=(Messages&&) noexcept;

  // Every `<locale>.json` in `folder`, each read once through read_file. A broken file (not
  // JSON, not a flat object of strings, a message ICU cannot parse, a file name that is not a
  // BCP 47 locale) is reported in `problems`, located, and left out; the others load.
  static Messages load_folder(const std::filesystem::path& folder,
                              std::vector<Diagnostic>& problems);

  // Adds (or replaces) one locale's catalog from its JSON text; `diags` names the file. False,
  // with located errors, when any message is broken (the catalog is then not added).
  bool add(const std::string& locale, std::string_view json, Diagnostics& diags);

  // `m` in `locale`: its catalog, else the language's (pt for pt-BR), else English; an id no
  // catalog has renders as the id itself, so a forgotten message shows instead of vanishing.
  std::string render(const Message& m, std::string_view locale) const;

  // A message without arguments, rendered once and kept: the pointer stays valid while this set
  // lives, so a window can hold it like a literal and a frame renders nothing twice.
  const char* phrase(std::string_view locale, std::string_view id) const;

  bool has_locale(std::string_view locale) const;
  std::vector<std::string> locales() const;  // sorted

  // The languages a learner may pick: `preferred` (a lesson's, in its order), then every other
  // locale with a catalog (its texts fall back to English where the lesson has none).
  std::vector<std::string> choosable(const std::vector<std::string>& preferred) const;
  bool has(std::string_view locale, std::string_view id) const;
  std::vector<std::string> ids(std::string_view locale) const;  // sorted; empty if no catalog
  // The pattern of `id` as `locale`'s catalog has it (en-XA: English's); empty when it has none.
  std::string pattern(std::string_view locale, std::string_view id) const;

  // The language's own name: its catalog's `language.name`, else ICU's display name of the
  // locale in itself ("português (Brasil)"), else the code.
  std::string language_name(std::string_view locale) const;

 private:
  struct Catalog;
  std::map<std::string, std::shared_ptr<const Catalog>, std::less<>> catalogs_;
  struct Phrases;
  std::unique_ptr<Phrases> phrases_;
  const Catalog* find(std::string_view locale) const;
};

// The process's catalogs. The program loads them from assets/i18n at start-up and installs them
// (each test binary does the same from the checkout); rendering reads them and nothing else, so
// the core stays free of file reading. Before anything is installed, every message renders as
// its id.
void install_messages(Messages messages);
const Messages& messages();

// messages().render(m, locale): what the window, `play`, `test` and the card call.
std::string tr(std::string_view locale, const Message& m);

// messages().phrase(locale, id).
const char* phrase(std::string_view locale, std::string_view id);

}  // namespace lessonsim
