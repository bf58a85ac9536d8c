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
#include "number_args.hpp"

namespace lessonsim {

struct Messages::Catalog {
  // A message's pattern, and its MessageFormat once made. A start-up renders a few dozen of a
  // catalog's hundreds of messages, so making every one at load cost most of the catalogs' time
  // and memory (their formatters, ICU's locale data for every language).
  struct Entry {
    std::string pattern;  // UTF-8, as the catalog has it (en-XA: the English one)
    mutable std::once_flag made;
    mutable std::unique_ptr<const icu::MessageFormat> format;  // null when ICU refused it
    mutable std::vector<detail::OffsetSlot> offsets;  // its plurals' offset slots (number_args)
    mutable bool numbers_as_text = true;              // NumberTextPattern::as_text
  };

  std::string locale;
  icu::Locale icu_locale;
  bool pseudo = false;  // en-XA: each English pattern is pseudo-localized when it is made
  std::map<std::string, Entry, std::less<>> entries;

  // The entry's MessageFormat, made on first use (from any thread); null when ICU refuses it.
  // It is made from the pattern with its numbers as text (number_args.hpp).
  const icu::MessageFormat* format(const Entry& entry) const;

  // `pattern` made into a MessageFormat in `locale` with its numbers read as text (`rewritten`
  // says how: its offset slots, whether it could be); null, with what ICU says in `where` and
  // `status`, when ICU refuses it.
  static std::unique_ptr<const icu::MessageFormat> make(const icu::UnicodeString& pattern,
                                                        const icu::Locale& locale,
                                                        detail::NumberTextPattern& rewritten,
                                                        UParseError& where, UErrorCode& status);
};

}  // namespace lessonsim
