// Fuzzes `lessonsim calc`: arbitrary arguments (split at NUL bytes) through the real CLI11
// parser and the calculator. Anything but exit 0, 2 or 3, a crash or a NaN is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "commands.hpp"
#include "lessonsim/calc/quantity.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> words = {"lessonsim", "calc"};
  std::string word;
  for (char c : text) {
    if (c == '\0') {
      words.push_back(word);
      word.clear();
    } else {
      word += c;
    }
    if (words.size() > 40) break;
  }
  words.push_back(word);
  std::string error;
  (void)lessonsim::calc::parse_count(word, error);
  (void)lessonsim::calc::parse_amount(word, error);

  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  CLI::App app{"fuzz"};
  int exit_code = 0;
  lessonsim::app::add_calc_command(app, exit_code);
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::ParseError&) {
    return 0;
  }
  if (exit_code != 0 && exit_code != 2 && exit_code != 3) std::abort();
  return 0;
}
