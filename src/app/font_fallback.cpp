#include "font_fallback.hpp"

#include <algorithm>
#include <filesystem>
#include <memory>

#include "font_fontconfig.hpp"

namespace lessonsim::app {

namespace {

struct PatternDeleter {
  void operator()(FcPattern* p) const { fontconfig()->pattern_destroy(p); }
};
struct FontSetDeleter {
  void operator()(FcFontSet* s) const { fontconfig()->font_set_destroy(s); }
};
struct CharSetDeleter {
  void operator()(FcCharSet* c) const { fontconfig()->char_set_destroy(c); }
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
bool font_for(const FontconfigApi& fc, FcConfig* config, char32_t c, const std::string& except,
              FallbackFont& out) {
  std::unique_ptr<FcPattern, PatternDeleter> pattern(fc.pattern_create());
  std::unique_ptr<FcCharSet, CharSetDeleter> wanted(fc.char_set_create());
  if (!pattern || !wanted) return false;
  fc.char_set_add_char(wanted.get(), c);
  fc.pattern_add_char_set(pattern.get(), FC_CHARSET, wanted.get());
  fc.pattern_add_string(pattern.get(), FC_FAMILY, reinterpret_cast<const FcChar8*>("sans-serif"));
  fc.pattern_add_bool(pattern.get(), FC_OUTLINE, FcTrue);
  fc.config_substitute(config, pattern.get(), FcMatchPattern);
  fc.default_substitute(pattern.get());
  FcResult result = FcResultNoMatch;
  std::unique_ptr<FcFontSet, FontSetDeleter> fonts(
      fc.font_sort(config, pattern.get(), FcFalse, nullptr, &result));
  if (!fonts) return false;
  for (int k = 0; k < fonts->nfont; ++k) {
    FcPattern* font = fonts->fonts[k];
    FcCharSet* has = nullptr;
    FcChar8* file = nullptr;
    if (fc.pattern_get_char_set(font, FC_CHARSET, 0, &has) != FcResultMatch ||
        !fc.char_set_has_char(has, c) ||
        fc.pattern_get_string(font, FC_FILE, 0, &file) != FcResultMatch) {
      continue;
    }
    std::string path(reinterpret_cast<const char*>(file));
    if (!readable(path) || std::filesystem::path(path) == std::filesystem::path(except)) continue;
    int index = 0;
    fc.pattern_get_integer(font, FC_INDEX, 0, &index);
    out.file = path;
    out.index = index;
    return true;
  }
  return false;
}

}  // namespace

std::string find_font_file(const char* family, bool bold) {
  const FontconfigApi* fc = fontconfig();
  if (!fc) return {};
  FcConfig* config = fc->config_get_current();
  std::unique_ptr<FcPattern, PatternDeleter> pattern(fc->pattern_create());
  if (!pattern) return {};
  fc->pattern_add_string(pattern.get(), FC_FAMILY, reinterpret_cast<const FcChar8*>(family));
  fc->pattern_add_integer(pattern.get(), FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
  fc->pattern_add_bool(pattern.get(), FC_OUTLINE, FcTrue);
  fc->config_substitute(config, pattern.get(), FcMatchPattern);
  fc->default_substitute(pattern.get());
  FcResult result = FcResultNoMatch;
  std::unique_ptr<FcPattern, PatternDeleter> font(fc->font_match(config, pattern.get(), &result));
  FcChar8* file = nullptr;
  if (!font || fc->pattern_get_string(font.get(), FC_FILE, 0, &file) != FcResultMatch) return {};
  std::string path(reinterpret_cast<const char*>(file));
  return readable(path) ? path : std::string{};
}

std::vector<FallbackFont> find_fallback_fonts(const std::vector<char32_t>& missing,
                                              const std::string& except) {
  std::vector<FallbackFont> out;
  if (missing.empty()) return out;
  const FontconfigApi* fc = fontconfig();
  if (!fc) return out;
  FcConfig* config = fc->config_get_current();
  for (char32_t c : missing) {
    FallbackFont found;
    if (!font_for(*fc, config, c, except, found)) continue;
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
