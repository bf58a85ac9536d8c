// Fuzzes practice variants: the input is an operate step's `practice` block, written into a
// shipped lesson (practice_input.hpp says how), loaded, checked (every variant proved solvable,
// its prediction with one right choice) and, when it loads, drawn and played as review plays it.
#include <cstddef>
#include <cstdint>

#include "practice_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto bases =
      lessonsim::fuzzing::shipped_bases(std::filesystem::path(LESSONSIM_SOURCE_DIR) / "lessons");
  std::string_view input(reinterpret_cast<const char*>(data), size);
  lessonsim::Diagnostics diags("fuzz.json");
  (void)lessonsim::fuzzing::exercise_practice(lessonsim::fuzzing::practice_input_text(bases, input),
                                              diags);
  return 0;
}
