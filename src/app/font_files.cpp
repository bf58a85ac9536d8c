#include "font_files.hpp"

#include <cstdlib>

// ImGui compiles its own stb_truetype as static functions; this one is ours, static too.
#define STBTT_STATIC
#define STB_TRUETYPE_IMPLEMENTATION
#include <stb_truetype.h>

namespace lessonsim::app {

struct GlyphCoverage::Info {
  stbtt_fontinfo font;
};

std::string font_dir() {
  if (const char* env = std::getenv("LESSONSIM_FONT_DIR"); env && *env) return env;
  return "/usr/share/fonts/truetype/dejavu";
}

std::string regular_font_file() {
  return font_dir() + "/DejaVuSans.ttf";
}

std::string bold_font_file() {
  return font_dir() + "/DejaVuSans-Bold.ttf";
}

GlyphCoverage::GlyphCoverage(std::span<const unsigned char> font, int index) {
  if (font.empty()) return;
  int offset = stbtt_GetFontOffsetForIndex(font.data(), index);
  if (offset < 0) return;
  auto info = std::make_unique<Info>();
  if (stbtt_InitFont(&info->font, font.data(), offset)) info_ = std::move(info);
}

GlyphCoverage::~GlyphCoverage() = default;

bool GlyphCoverage::has(char32_t c) const {
  if (!info_ || c > 0xFFFF) return false;
  return stbtt_FindGlyphIndex(&info_->font, static_cast<int>(c)) != 0;
}

}  // namespace lessonsim::app
