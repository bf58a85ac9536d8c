// Installed fonts, found through fontconfig, for the characters the window's own font lacks.
#pragma once

#include <string>
#include <vector>

namespace lessonsim::app {

struct FallbackFont {
  std::string file;
  int index = 0;                      // the face in a collection (.ttc)
  std::vector<char32_t> code_points;  // the characters taken from it
};

// The file of the installed face fontconfig picks for `family` (regular or bold); empty when
// none is readable.
std::string find_font_file(const char* family, bool bold);

// For each character, the best installed outline font that has it (fontconfig's order for a
// sans-serif face), other than `except` (the window's own); fonts in the order first needed.
// Characters no installed font has are in no entry.
std::vector<FallbackFont> find_fallback_fonts(const std::vector<char32_t>& missing,
                                              const std::string& except);

}  // namespace lessonsim::app
