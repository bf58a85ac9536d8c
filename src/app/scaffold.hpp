// Lesson templates for `lessonsim new`, with @SCHEMA@ and @ID@ left to fill.
#pragma once

namespace lessonsim::app {

// A formula machine lesson: the machine declared in the file itself.
const char* formula_scaffold();

}  // namespace lessonsim::app
