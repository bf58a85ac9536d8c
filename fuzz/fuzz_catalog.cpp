// Fuzzes a message catalog file (assets/i18n/<locale>.json) as the program reads it at start-up:
// parsed, every message compiled by ICU, then each one rendered with numbers, amounts, texts and
// a nested message, in its own locale and in a locale it falls back from.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "lessonsim/messages.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  lessonsim::Messages messages;
  lessonsim::Diagnostics diags("es.json");
  if (!messages.add("es", text, diags)) return 0;
  for (const std::string& id : messages.ids("es")) {
    lessonsim::Message m = lessonsim::Message(id)
                               .num("n", 3)
                               .num("0", -1.5)
                               .amount("gb", 13.333)
                               .text("name", "{x}")
                               .msg("inner", lessonsim::Message(id));
    (void)messages.render(m, "es");
    (void)messages.render(m, "es-MX");
    (void)messages.phrase("es", id);
  }
  (void)messages.language_name("es");
  return 0;
}
