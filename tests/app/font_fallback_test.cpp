// Fallback fonts found through fontconfig for the characters DejaVu Sans lacks.
#include <catch2/catch.hpp>

#include <filesystem>

#include "font_fallback.hpp"
#include "font_files.hpp"

using namespace lessonsim;

TEST_CASE("font fallback: an installed font that has a glyph DejaVu Sans lacks is found") {
  // fonts-dejavu-core, which the window needs anyway, also installs DejaVu Sans Mono, and it has
  // U+2312 ⌒, which DejaVu Sans has not.
  std::string mono = app::font_dir() + "/DejaVuSansMono.ttf";
  REQUIRE(std::filesystem::exists(mono));
  auto found = app::find_fallback_fonts({U'\u2312', U'\u2313'}, app::regular_font_file());
  REQUIRE(found.size() == 1);
  CHECK(found[0].file != app::regular_font_file());
  CHECK(std::filesystem::path(found[0].file).filename().string().starts_with("DejaVuSansMono"));
  CHECK(found[0].code_points == std::vector<char32_t>{U'\u2312', U'\u2313'});
}

TEST_CASE(
    "font fallback: a character no installed font has is left out, nothing is asked for none") {
  // U+10FFFD is a private-use character of plane 16, in no font Debian ships.
  auto found = app::find_fallback_fonts({U'\U0010FFFD'}, app::regular_font_file());
  CHECK(found.empty());
  CHECK(app::find_fallback_fonts({}, app::regular_font_file()).empty());
}

TEST_CASE("font fallback: fontconfig finds DejaVu Sans by name, regular and bold") {
  std::string regular = app::find_font_file(app::window_font_name, false);
  std::string bold = app::find_font_file(app::window_font_name, true);
  CHECK(std::filesystem::path(regular).filename() == "DejaVuSans.ttf");
  CHECK(std::filesystem::path(bold).filename() == "DejaVuSans-Bold.ttf");
}
