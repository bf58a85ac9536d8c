// Lesson text with its glossary terms drawn in the accent colour and underlined; hovering a term,
// or reaching it with keyboard navigation, shows its definition.
#pragma once

#include <string>
#include <string_view>

#include "lessonsim/lesson.hpp"

namespace lessonsim::ui {

// Like wrapped_text, but marks the terms of `lesson`'s glossary (whole words, any case). Text
// without terms is drawn exactly as wrapped_text draws it.
void text_with_terms(const std::string& text, const Lesson& lesson, std::string_view locale);

}  // namespace lessonsim::ui
