#include "font_files.hpp"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>

// ImGui compiles its own stb_truetype as static functions; this one is ours, static too.
#define STBTT_STATIC
#define STB_TRUETYPE_IMPLEMENTATION
#include <stb_truetype.h>

namespace lessonsim::app {

struct GlyphCoverage::Info {
  stbtt_fontinfo font;
  // Each character's answer once found (0 not yet, 1 no, 2 yes): `check` asks for every
  // character of every text of every lesson, from several threads, and the font's cmap search
  // was a tenth of its time. A race writes the same answer twice.
  std::unique_ptr<std::atomic<std::uint8_t>[]> known { new std::atomic<std::uint8_t>[ 0x10000 ]() };
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
  std::atomic<std::uint8_t>& known = info_->known[c];
  std::uint8_t answer = known.load(std::memory_order_relaxed);
  if (answer == 0) {
    answer = stbtt_FindGlyphIndex(&info_->font, static_cast<int>(c)) != 0 ? 2 : 1;
    known.store(answer, std::memory_order_relaxed);
  }
  return answer == 2;
}

}  // namespace lessonsim::app
