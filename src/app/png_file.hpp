// Writing an RGBA image as a PNG file (zlib at a fast level: screenshots are many and large).
#pragma once

#include <string>
#include <vector>

namespace lessonsim::app {

// `rgba` holds `height` rows of `width` pixels, top row first. False, with `error` saying why,
// when the file cannot be written.
bool write_png_file(const std::string& path, int width, int height,
                    const std::vector<unsigned char>& rgba, std::string& error);

// How many different colours `rgba` holds, counting no further than `enough`: a blank or
// single-colour render has one or two.
int count_colours(const std::vector<unsigned char>& rgba, int enough);

}  // namespace lessonsim::app
