// One locale's compiled catalog, shared by the loader (messages_load.cpp) and the renderer.
#pragma once

#include <unicode/msgfmt.h>

#include <map>
#include <memory>
#include <string>

#include "lessonsim/messages.hpp"

namespace lessonsim {

struct Messages::Catalog {
  std::string locale;
  // Compiled once at load, so rendering a frame's messages never parses a pattern.
  std::map<std::string, std::unique_ptr<icu::MessageFormat>, std::less<>> formats;
};

}  // namespace lessonsim
