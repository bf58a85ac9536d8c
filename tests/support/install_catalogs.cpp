// Every test binary renders messages with the checkout's catalogs, installed before any test
// runs as the program installs the shipped ones at start-up; a broken catalog fails loudly here.
#include <cstdlib>
#include <iostream>

#include "lessonsim/messages.hpp"

namespace {

const bool catalogs_installed = [] {
  std::vector<lessonsim::Diagnostic> problems;
  lessonsim::install_messages(lessonsim::Messages::load_folder(
      std::filesystem::path(LESSONSIM_SOURCE_DIR) / "assets" / "i18n", problems));
  for (const auto& d : problems)
    std::cerr << lessonsim::format_gcc(d) << "\n";
  if (!problems.empty()) std::abort();
  return true;
}();

}  // namespace
