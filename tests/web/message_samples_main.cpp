// message_samples [ASSETS_I18N_DIR]: every catalog message rendered with sample arguments by the
// desktop's engine (ICU), as JSON on stdout; the browser test compares the page's to it.
#include <iostream>
#include <vector>

#include "lessonsim/message_samples.hpp"
#include "lessonsim/messages.hpp"

int main(int argc, char** argv) {
  const char* folder = argc > 1 ? argv[1] : LESSONSIM_SOURCE_DIR "/assets/i18n";
  std::vector<lessonsim::Diagnostic> problems;
  lessonsim::Messages messages = lessonsim::Messages::load_folder(folder, problems);
  for (const auto& d : problems)
    std::cerr << lessonsim::format_gcc(d) << '\n';
  if (!problems.empty() || messages.locales().empty()) return 1;
  std::cout << lessonsim::message_samples(messages).dump() << '\n';
  return 0;
}
