// One locale's catalog, shared by the loader (messages_load.cpp) and the renderer: every message
// checked at load, each compiled by the message engine the first time it is rendered.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "lessonsim/message_engine.hpp"
#include "lessonsim/messages.hpp"

namespace lessonsim {

struct Messages::Catalog {
  // A message's pattern, and its compiled form once made. A start-up renders a few dozen of a
  // catalog's hundreds of messages, so making every one at load cost most of the catalogs' time
  // and memory (their formatters, ICU's locale data for every language).
  struct Entry {
    std::string pattern;  // UTF-8, as the catalog has it (en-XA: the English one)
    mutable std::once_flag made;
    mutable std::unique_ptr<const CompiledMessage> format;  // null when the engine refused it
  };

  std::string locale;
  bool pseudo = false;  // en-XA: each English pattern is pseudo-localized when it is made
  std::map<std::string, Entry, std::less<>> entries;

  // The entry compiled, on first use (from any thread); null when the engine refuses it.
  const CompiledMessage* format(const Entry& entry) const;
};

}  // namespace lessonsim
