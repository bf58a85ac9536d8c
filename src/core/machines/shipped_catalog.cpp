#include "machines/shipped_catalog.hpp"

#include <optional>

#include "lessonsim/share_dir.hpp"

namespace lessonsim::machines {

const Catalog* shipped_catalog() {
  static const std::optional<Catalog> catalog = [] {
    const auto path = assets_dir() / "hardware.json";
    Diagnostics diags(path.string());
    return load_catalog(path, diags);
  }();
  return catalog ? &*catalog : nullptr;
}

}  // namespace lessonsim::machines
