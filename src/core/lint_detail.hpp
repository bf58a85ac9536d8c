// The parts of the lesson lint, one file each, and the JSON-pointer lookup they share.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "lessonsim/lint.hpp"

namespace lessonsim::lint_detail {

// The node at an RFC 6901 pointer, or null.
const JsonNode* node_at(const JsonNode& root, std::string_view pointer);

// Where the value at `pointer` starts; the whole file when there is no such value.
SourcePos pos_at(const JsonNode& root, const std::string& pointer);

// Feedback rules that never fire, goals never met or met on entry (errors unless the step says
// they are deliberate), steps no path reaches. Returns, by step index, whether the step's goal
// was refused.
std::vector<bool> lint_states(const Lesson& lesson, const JsonNode& root, Diagnostics& diags,
                              const LintOptions& options);

// A format-3 lesson's flow against the course rules (lesson_flow.hpp).
void lint_flow(const Lesson& lesson, const JsonNode& root, Diagnostics& diags);

// A predict step whose picture (or an earlier step's) shows its answer before the choice.
void lint_giveaway(const Lesson& lesson, Diagnostics& diags);

// Texts too long for their panel, short translations, glossary terms never used.
void lint_texts(const JsonNode& root, Diagnostics& diags, const LintOptions& options);

// Characters the window's font cannot draw, in any string the learner may read (every text,
// glossary terms, a formula machine's labels): one warning per Unicode block, at its first use.
void lint_glyphs(const JsonNode& root, Diagnostics& diags, const LintOptions& options);

}  // namespace lessonsim::lint_detail
