// Every test binary renders messages with the checkout's catalogs and loads lessons with its
// hardware catalog, installed before any test runs as the program installs the shipped ones at
// start-up; a broken catalog fails loudly here.
#include <cstdlib>
#include <iostream>

#include "lessonsim/catalog.hpp"
#include "lessonsim/messages.hpp"

namespace {

const bool catalogs_installed = [] {
  std::vector<lessonsim::Diagnostic> problems;
  lessonsim::install_messages(lessonsim::Messages::load_folder(
      std::filesystem::path(LESSONSIM_SOURCE_DIR) / "assets" / "i18n", problems));
  const auto hardware_path =
      std::filesystem::path(LESSONSIM_SOURCE_DIR) / "assets" / "hardware.json";
  lessonsim::Diagnostics hardware_problems(hardware_path.string());
  auto hardware = lessonsim::load_catalog(hardware_path, hardware_problems);
  for (const auto& d : hardware_problems.all())
    problems.push_back(d);
  for (const auto& d : problems)
    std::cerr << lessonsim::format_gcc(d) << "\n";
  if (!problems.empty() || !hardware) std::abort();
  lessonsim::install_hardware(std::make_shared<const lessonsim::Catalog>(std::move(*hardware)));
  return true;
}();

}  // namespace
