#include "font_fallback.hpp"

#include <fontconfig/fontconfig.h>

#include <algorithm>
#include <filesystem>
#include <memory>

namespace lessonsim::app {

namespace {

struct PatternDeleter {
  void operator()(FcPattern* p) const { FcPatternDestroy(p); }
};
struct FontSetDeleter {
  void operator()(FcFontSet* s) const { FcFontSetDestroy(s); }
};
struct CharSetDeleter {
  void operator()(FcCharSet* c) const { FcCharSetDestroy(c); }
};

// stb_truetype, which ImGui rasterizes with, reads TrueType and OpenType outlines only.
bool readable(const std::string& file) {
  std::string ext = std::filesystem::path(file).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) {
    return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  });
  return ext == ".ttf" || ext == ".otf" || ext == ".ttc";
}

// The first font of fontconfig's sans-serif order that has `c`, or none.
bool font_for(FcConfig* config, char32_t c, const std::string& except, FallbackFont& out) {
  std::unique_ptr<FcPattern, PatternDeleter> pattern(FcPatternCreate());
  std::unique_ptr<FcCharSet, CharSetDeleter> wanted(FcCharSetCreate());
  if (!pattern || !wanted) return false;
  FcCharSetAddChar(wanted.get(), c);
  FcPatternAddCharSet(pattern.get(), FC_CHARSET, wanted.get());
  FcPatternAddString(pattern.get(), FC_FAMILY, reinterpret_cast<const FcChar8*>("sans-serif"));
  FcPatternAddBool(pattern.get(), FC_OUTLINE, FcTrue);
  FcConfigSubstitute(config, pattern.get(), FcMatchPattern);
  FcDefaultSubstitute(pattern.get());
  FcResult result = FcResultNoMatch;
  std::unique_ptr<FcFontSet, FontSetDeleter> fonts(
      FcFontSort(config, pattern.get(), FcFalse, nullptr, &result));
  if (!fonts) return false;
  for (int k = 0; k < fonts->nfont; ++k) {
    FcPattern* font = fonts->fonts[k];
    FcCharSet* has = nullptr;
    FcChar8* file = nullptr;
    if (FcPatternGetCharSet(font, FC_CHARSET, 0, &has) != FcResultMatch ||
        !FcCharSetHasChar(has, c) || FcPatternGetString(font, FC_FILE, 0, &file) != FcResultMatch) {
      continue;
    }
    std::string path(reinterpret_cast<const char*>(file));
    if (!readable(path) || std::filesystem::path(path) == std::filesystem::path(except)) continue;
    int index = 0;
    FcPatternGetInteger(font, FC_INDEX, 0, &index);
    out.file = path;
    out.index = index;
    return true;
  }
  return false;
}

}  // namespace

std::string find_font_file(const char* family, bool bold) {
  if (!FcInit()) return {};
  FcConfig* config = FcConfigGetCurrent();
  std::unique_ptr<FcPattern, PatternDeleter> pattern(FcPatternCreate());
  if (!pattern) return {};
  FcPatternAddString(pattern.get(), FC_FAMILY, reinterpret_cast<const FcChar8*>(family));
  FcPatternAddInteger(pattern.get(), FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
  FcPatternAddBool(pattern.get(), FC_OUTLINE, FcTrue);
  FcConfigSubstitute(config, pattern.get(), FcMatchPattern);
  FcDefaultSubstitute(pattern.get());
  FcResult result = FcResultNoMatch;
  std::unique_ptr<FcPattern, PatternDeleter> font(FcFontMatch(config, pattern.get(), &result));
  FcChar8* file = nullptr;
  if (!font || FcPatternGetString(font.get(), FC_FILE, 0, &file) != FcResultMatch) return {};
  std::string path(reinterpret_cast<const char*>(file));
  return readable(path) ? path : std::string{};
}

std::vector<FallbackFont> find_fallback_fonts(const std::vector<char32_t>& missing,
                                              const std::string& except) {
  std::vector<FallbackFont> out;
  if (missing.empty() || !FcInit()) return out;
  FcConfig* config = FcConfigGetCurrent();
  for (char32_t c : missing) {
    FallbackFont found;
    if (!font_for(config, c, except, found)) continue;
    auto same = std::find_if(out.begin(), out.end(), [&](const FallbackFont& f) {
      return f.file == found.file && f.index == found.index;
    });
    if (same == out.end()) {
      found.code_points.push_back(c);
      out.push_back(std::move(found));
    } else {
      same->code_points.push_back(c);
    }
  }
  return out;
}

}  // namespace lessonsim::app
