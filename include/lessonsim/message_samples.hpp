// Every catalog message rendered with sample arguments, for holding the desktop's message engine
// (ICU) and the browser's (Intl) to the same text: each build renders these, a test compares.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "lessonsim/messages.hpp"

namespace lessonsim {

// The arguments an ICU pattern names, each with how it is used: "number" (plural,
// selectordinal, `{n, number}`), "date", "select", or "plain" (`{name}`). Nested messages are
// read too; a pattern that does not parse gives what was read before the fault.
std::map<std::string, std::string> message_arguments(std::string_view pattern);

// {"LOCALE": {"ID": ["text with samples 1", ...]}} for every id of every locale's catalog, the
// samples being the same in both builds (numbers 0, 1, 2, 21, 2500, 1234567.5 and 0.25; plain
// arguments once as numbers, once as text; a fixed day).
nlohmann::json message_samples(const Messages& messages);

}  // namespace lessonsim
