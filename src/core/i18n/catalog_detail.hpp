// One locale's catalog, shared by the loader (messages_load.cpp) and the renderer: every message
// checked at load, each compiled into an ICU MessageFormat the first time it is rendered.
#pragma once

#include <unicode/locid.h>
#include <unicode/msgfmt.h>

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "lessonsim/messages.hpp"

namespace lessonsim {

struct Messages::Catalog {
  // A message's pattern, and its MessageFormat once made. A start-up renders a few dozen of a
  // catalog's hundreds of messages, so making every one at load cost most of the catalogs' time
  // and memory (their formatters, ICU's locale data for every language).
  struct Entry {
    std::string pattern;  // UTF-8, as the catalog has it (en-XA: the English one)
    mutable std::once_flag made;
    mutable std::unique_ptr<const icu::MessageFormat> format;  // null when ICU refused it
  };

  std::string locale;
  icu::Locale icu_locale;
  bool pseudo = false;  // en-XA: each English pattern is pseudo-localized when it is made
  std::map<std::string, Entry, std::less<>> entries;

  // The entry's MessageFormat, made on first use (from any thread); null when ICU refuses it.
  const icu::MessageFormat* format(const Entry& entry) const;
};

}  // namespace lessonsim
