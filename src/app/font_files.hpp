// The window's font on disk and which characters it draws, for the window and for `check`.
#pragma once

#include <memory>
#include <span>
#include <string>

namespace lessonsim::app {

inline constexpr const char* window_font_name = "DejaVu Sans";

// The folder of DejaVu Sans (fonts-dejavu-core), or LESSONSIM_FONT_DIR when set.
std::string font_dir();
std::string regular_font_file();
std::string bold_font_file();

// Which characters a TrueType or OpenType font has glyphs for, read from its cmap table.
// The bytes are read where they are: they must outlive the coverage.
class GlyphCoverage {
 public:
  GlyphCoverage(std::span<const unsigned char> font, int index = 0);
  ~GlyphCoverage();
  GlyphCoverage(const GlyphCoverage&) = delete;
  GlyphCoverage& operator=(const GlyphCoverage&) = delete;

  bool loaded() const { return info_ != nullptr; }
  // False for a character past ImWchar's 16 bits: the window's glyph table cannot hold one.
  bool has(char32_t c) const;

 private:
  struct Info;
  std::unique_ptr<Info> info_;
};

}  // namespace lessonsim::app
