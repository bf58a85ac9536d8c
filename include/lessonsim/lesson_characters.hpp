// The characters a lesson shows, so the window's font atlas holds those and no more.
#pragma once

#include <string_view>
#include <vector>

#include "lessonsim/lesson.hpp"

namespace lessonsim {

// Every character outside ASCII that the lesson's texts use in `locale` (each text as
// LocalizedText::in gives it), sorted, each once.
std::vector<char32_t> lesson_characters(const Lesson& lesson, std::string_view locale);

// The characters beyond the common ranges that the interface catalog of `locale` needs: en-XA's
// accented letters and brackets (the shipped catalogs' other letters are all Latin-1).
std::vector<char32_t> interface_characters(std::string_view locale);

// The same for one string, added to `out` (kept sorted and unique).
void add_characters(std::string_view text, std::vector<char32_t>& out);

}  // namespace lessonsim
