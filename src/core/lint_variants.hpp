// `check` on practice variants: every variant solvable, its prediction with one right choice.
#pragma once

#include "lessonsim/lint.hpp"

namespace lessonsim {

// Errors, located at the step's `practice`, for each variant whose goal the state search cannot
// reach (or that starts already met) and each whose prediction has not exactly one right choice.
void lint_variants(const Lesson& lesson, const JsonNode& root, Diagnostics& diags,
                   const LintOptions& options = {});

}  // namespace lessonsim
