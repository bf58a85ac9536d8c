// fontconfig, opened the first time a font has to be looked up. Linked, it and the six libraries
// it pulls in (freetype, libpng, expat, zlib, brotli) cost every start about 2 ms of loading and
// symbol binding, for a lookup most starts never make (bench/RESULTS.md).
#pragma once

#include <fontconfig/fontconfig.h>  // the types and signatures only; the library is dlopen'ed

namespace lessonsim::app {

// The fontconfig functions the window's font lookups call.
struct FontconfigApi {
  decltype(&FcInit) init;
  decltype(&FcConfigGetCurrent) config_get_current;
  decltype(&FcConfigSubstitute) config_substitute;
  decltype(&FcDefaultSubstitute) default_substitute;
  decltype(&FcFontMatch) font_match;
  decltype(&FcFontSort) font_sort;
  decltype(&FcFontSetDestroy) font_set_destroy;
  decltype(&FcPatternCreate) pattern_create;
  decltype(&FcPatternDestroy) pattern_destroy;
  decltype(&FcPatternAddString) pattern_add_string;
  decltype(&FcPatternAddInteger) pattern_add_integer;
  decltype(&FcPatternAddBool) pattern_add_bool;
  decltype(&FcPatternAddCharSet) pattern_add_char_set;
  decltype(&FcPatternGetString) pattern_get_string;
  decltype(&FcPatternGetInteger) pattern_get_integer;
  decltype(&FcPatternGetCharSet) pattern_get_char_set;
  decltype(&FcCharSetCreate) char_set_create;
  decltype(&FcCharSetDestroy) char_set_destroy;
  decltype(&FcCharSetAddChar) char_set_add_char;
  decltype(&FcCharSetHasChar) char_set_has_char;
};

// fontconfig's functions, the library opened and initialized on the first call (from any
// thread); null when libfontconfig.so.1 or one of them is missing, or FcInit fails, and then no
// font is found through it.
const FontconfigApi* fontconfig();

}  // namespace lessonsim::app
