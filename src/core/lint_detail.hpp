// The parts of the lesson lint, one file each, and the JSON-pointer lookup they share.
#pragma once

#include <string>
#include <string_view>

#include "lessonsim/lint.hpp"

namespace lessonsim::lint_detail {

// The node at an RFC 6901 pointer, or null.
const JsonNode* node_at(const JsonNode& root, std::string_view pointer);

// Where the value at `pointer` starts; the whole file when there is no such value.
SourcePos pos_at(const JsonNode& root, const std::string& pointer);

// Feedback rules that never fire, goals never met, steps no path reaches.
void lint_states(const Lesson& lesson, const JsonNode& root, Diagnostics& diags,
                 const LintOptions& options);

// A format-3 lesson's flow against the course rules (lesson_flow.hpp).
void lint_flow(const Lesson& lesson, const JsonNode& root, Diagnostics& diags);

// A predict step whose picture (or an earlier step's) shows its answer before the choice.
void lint_giveaway(const Lesson& lesson, Diagnostics& diags);

// Texts too long for their panel, short translations, glossary terms never used, characters
// the window's font cannot draw.
void lint_texts(const JsonNode& root, Diagnostics& diags, const LintOptions& options);

}  // namespace lessonsim::lint_detail
