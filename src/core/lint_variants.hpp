// `check` on practice variants: every variant solvable, its prediction with one right choice.
#pragma once

#include "lessonsim/lint.hpp"

namespace lessonsim {

// Errors, located at the step's `practice`, for each variant whose goal the state search cannot
// reach (or that starts already met) and each whose prediction has not exactly one right choice;
// a warning at each listed value that is the step's own, which no variant ever takes. Steps
// whose own goal `check` refused already (`refused`, by step index) are not reported again.
void lint_variants(const Lesson& lesson, const JsonNode& root, Diagnostics& diags,
                   const LintOptions& options = {}, const std::vector<bool>& refused = {});

}  // namespace lessonsim
