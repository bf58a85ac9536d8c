// Fuzzes the lesson loader (what `lessonsim check` runs) and, when a lesson loads, its playthroughs.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "lessonsim/loader.hpp"
#include "lessonsim/playthrough.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  lessonsim::Diagnostics diags("fuzz.json");
  auto lesson = lessonsim::load_lesson(text, diags);
  for (const auto& d : diags.all()) (void)lessonsim::format_gcc(d);
  if (lesson) {
    for (const auto& p : lesson->playthroughs) (void)lessonsim::run_playthrough(lesson, p);
  }
  return 0;
}
