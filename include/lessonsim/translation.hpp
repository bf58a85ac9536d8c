// A lesson's texts as a translator sees them: each with a context that names it by lesson, step
// and field (stable when steps move), its source-language string and its translation.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lessonsim/json_source.hpp"

namespace lessonsim {

struct LessonText {
  // `kv-quant/steps/fill/feedback/room/say`: the lesson id, then the path to the text with each
  // step, rule or declared name standing for its place in its list.
  std::string context;
  std::string pointer;             // JSON pointer of the text object, e.g. /steps/2/feedback/0/say
  const JsonNode* node = nullptr;  // the text object, in the parsed file
  std::string source;              // its source-locale string
  std::optional<std::string> translation;  // its string in the locale asked for, if any
};

// The locale a lesson is translated from: English when it has it, else its first.
std::string translation_source(const std::vector<std::string>& locales);

// Every text of a parsed lesson (an object whose keys are all among `locales` and whose values
// are all strings), in file order; playthroughs hold none. `target` picks `translation`.
std::vector<LessonText> lesson_texts(const JsonNode& root, const std::string& lesson_id,
                                     const std::vector<std::string>& locales,
                                     const std::string& target);

// The lesson's id and locales as its file says them (empty when it says none).
std::string lesson_id_of(const JsonNode& root);
std::vector<std::string> lesson_locales_of(const JsonNode& root);

// Context prefix of the interface catalog's messages: `interface:footer.continue`. A lesson id
// has no ':', so the two never meet.
inline constexpr std::string_view interface_context = "interface:";

}  // namespace lessonsim
