#include "assets.hpp"

#include <iostream>
#include <memory>
#include <mutex>
#include <vector>

#include "lessonsim/catalog.hpp"
#include "lessonsim/diagnostics.hpp"
#include "lessonsim/messages.hpp"
#include "lessonsim/share_dir.hpp"

namespace lessonsim::app {

void install_assets() {
  static std::once_flag once;
  std::call_once(once, [] {
    std::vector<Diagnostic> catalog_problems;
    install_messages(Messages::load_folder(assets_dir() / "i18n", catalog_problems));
    for (const auto& d : catalog_problems)
      std::cerr << format_gcc(d) << "\n";
    const auto hardware_path = assets_dir() / "hardware.json";
    Diagnostics hardware_problems(hardware_path.string());
    if (auto hardware = load_catalog(hardware_path, hardware_problems)) {
      install_hardware(std::make_shared<const Catalog>(std::move(*hardware)));
    }
    for (const auto& d : hardware_problems.all())
      std::cerr << format_gcc(d) << "\n";
  });
}

}  // namespace lessonsim::app
