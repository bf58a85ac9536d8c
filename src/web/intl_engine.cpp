// The browser build's message engine: the browser's Intl and formatjs' intl-messageformat
// (src/web/intl.js, reached through EM_JS), in place of ICU, which does not come for wasm.
#include <emscripten/emscripten.h>

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "lessonsim/message_engine.hpp"

// Each returns a string malloc'ed in the wasm heap (the caller frees it), or null.
// clang-format off
EM_JS(char*, lessonsim_intl_check, (const char* pattern, const char* locale), {
  const problem = globalThis.lessonsimIntl.check(UTF8ToString(pattern), UTF8ToString(locale));
  if (problem === null) return 0;
  const text = JSON.stringify(problem);
  const size = lengthBytesUTF8(text) + 1;
  const out = _malloc(size);
  stringToUTF8(text, out, size);
  return out;
});
EM_JS(int, lessonsim_intl_compile, (const char* pattern, const char* locale),
      { return globalThis.lessonsimIntl.compile(UTF8ToString(pattern), UTF8ToString(locale)); });
EM_JS(char*, lessonsim_intl_format, (int handle, const char* values), {
  const text = globalThis.lessonsimIntl.format(handle, UTF8ToString(values));
  if (text === null) return 0;
  const size = lengthBytesUTF8(text) + 1;
  const out = _malloc(size);
  stringToUTF8(text, out, size);
  return out;
});
EM_JS(char*, lessonsim_intl_number, (double value, const char* locale, int decimals,
                                     int keep_zeros), {
  const text = globalThis.lessonsimIntl.number(value, UTF8ToString(locale), decimals,
                                               keep_zeros !== 0);
  const size = lengthBytesUTF8(text) + 1;
  const out = _malloc(size);
  stringToUTF8(text, out, size);
  return out;
});
EM_JS(char*, lessonsim_intl_language_name, (const char* locale), {
  const text = globalThis.lessonsimIntl.language_name(UTF8ToString(locale));
  const size = lengthBytesUTF8(text) + 1;
  const out = _malloc(size);
  stringToUTF8(text, out, size);
  return out;
});
// clang-format on
EM_JS(int, lessonsim_intl_known_language, (const char* language),
      { return globalThis.lessonsimIntl.known_language(UTF8ToString(language)) ? 1 : 0; });

namespace lessonsim {

namespace {

// Takes a string the JS side allocated; nullopt for null.
std::optional<std::string> take(char* text) {
  if (!text) return std::nullopt;
  std::string out(text);
  std::free(text);
  return out;
}

const char* kind_name(FormatValue::Kind kind) {
  switch (kind) {
    case FormatValue::Kind::number:
      return "number";
    case FormatValue::Kind::date:
      return "date";
    case FormatValue::Kind::text:
      break;
  }
  return "text";
}

class IntlMessage final : public CompiledMessage {
 public:
  explicit IntlMessage(int handle) : handle_(handle) {}

  std::optional<std::string> format(std::span<const FormatValue> values) const override {
    nlohmann::json list = nlohmann::json::array();
    for (const FormatValue& v : values) {
      list.push_back(
          {{"name", v.name}, {"kind", kind_name(v.kind)}, {"number", v.number}, {"text", v.text}});
    }
    return take(lessonsim_intl_format(handle_, list.dump().c_str()));
  }

 private:
  int handle_;  // the JS side keeps the formatter for the page's life
};

class IntlEngine final : public MessageEngine {
 public:
  std::optional<PatternProblem> check(std::string_view pattern,
                                      std::string_view locale) const override {
    auto problem =
        take(lessonsim_intl_check(std::string(pattern).c_str(), std::string(locale).c_str()));
    if (!problem) return std::nullopt;
    auto j = nlohmann::json::parse(*problem, nullptr, false);
    PatternProblem out;
    out.reason = j.value("reason", std::string("not a message"));
    out.offset = j.value("offset", -1);
    return out;
  }

  std::unique_ptr<const CompiledMessage> compile(std::string_view pattern,
                                                 std::string_view locale) const override {
    int handle = lessonsim_intl_compile(std::string(pattern).c_str(), std::string(locale).c_str());
    if (handle < 0) return nullptr;
    return std::make_unique<IntlMessage>(handle);
  }

  std::string format_decimals(double value, std::string_view locale, int decimals,
                              bool keep_zeros) const override {
    return take(lessonsim_intl_number(value, std::string(locale).c_str(), decimals,
                                      keep_zeros ? 1 : 0))
        .value_or(std::string());
  }

  std::string language_name(std::string_view locale) const override {
    return take(lessonsim_intl_language_name(std::string(locale).c_str())).value_or(std::string());
  }

  bool known_language(std::string_view language) const override {
    return lessonsim_intl_known_language(std::string(language).c_str()) != 0;
  }
};

}  // namespace

const MessageEngine& message_engine() {
  static const IntlEngine engine;
  return engine;
}

}  // namespace lessonsim
