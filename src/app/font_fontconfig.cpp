#include "font_fontconfig.hpp"

#include <dlfcn.h>

namespace lessonsim::app {

namespace {

// Binds `slot` to the library's `name`; false when the library has no such function.
template <typename Function>
bool bind(void* library, Function& slot, const char* name) {
  slot = reinterpret_cast<Function>(dlsym(library, name));
  return slot != nullptr;
}

const FontconfigApi* open_fontconfig() {
  // Never closed: the process keeps using the fonts' configuration once it is loaded.
  void* library = dlopen("libfontconfig.so.1", RTLD_LAZY | RTLD_LOCAL);
  if (!library) return nullptr;
  static FontconfigApi api;
  bool all = bind(library, api.init, "FcInit") &&
             bind(library, api.config_get_current, "FcConfigGetCurrent") &&
             bind(library, api.config_substitute, "FcConfigSubstitute") &&
             bind(library, api.default_substitute, "FcDefaultSubstitute") &&
             bind(library, api.font_match, "FcFontMatch") &&
             bind(library, api.font_sort, "FcFontSort") &&
             bind(library, api.font_set_destroy, "FcFontSetDestroy") &&
             bind(library, api.pattern_create, "FcPatternCreate") &&
             bind(library, api.pattern_destroy, "FcPatternDestroy") &&
             bind(library, api.pattern_add_string, "FcPatternAddString") &&
             bind(library, api.pattern_add_integer, "FcPatternAddInteger") &&
             bind(library, api.pattern_add_bool, "FcPatternAddBool") &&
             bind(library, api.pattern_add_char_set, "FcPatternAddCharSet") &&
             bind(library, api.pattern_get_string, "FcPatternGetString") &&
             bind(library, api.pattern_get_integer, "FcPatternGetInteger") &&
             bind(library, api.pattern_get_char_set, "FcPatternGetCharSet") &&
             bind(library, api.char_set_create, "FcCharSetCreate") &&
             bind(library, api.char_set_destroy, "FcCharSetDestroy") &&
             bind(library, api.char_set_add_char, "FcCharSetAddChar") &&
             bind(library, api.char_set_has_char, "FcCharSetHasChar");
  if (!all || !api.init()) return nullptr;
  return &api;
}

}  // namespace

const FontconfigApi* fontconfig() {
  static const FontconfigApi* const api = open_fontconfig();
  return api;
}

}  // namespace lessonsim::app
