#include "lessonsim/share_dir.hpp"

#include <cstdlib>
#include <system_error>

namespace lessonsim {

namespace {

namespace fs = std::filesystem;

// The executable's folder and this many above it are searched: an installed bin/ is one below
// the prefix; build-tree programs sit up to three below the build folder.
constexpr int levels_above = 3;

fs::path find_share_dir() {
  if (const char* env = std::getenv("LESSONSIM_SHARE_DIR"); env && *env) return env;
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return fs::path("/usr/share/lessonsim");
  fs::path dir = exe.parent_path();
  fs::path installed = dir.parent_path() / "share" / "lessonsim";
  for (int up = 0; up <= levels_above && !dir.empty(); ++up, dir = dir.parent_path()) {
    fs::path candidate = dir / "share" / "lessonsim";
    if (fs::exists(candidate / "assets" / "hardware.json", ec)) return candidate;
    if (dir == dir.root_path()) break;
  }
  // Nothing found: name where an installed copy would be, so errors point somewhere sensible.
  return installed;
}

}  // namespace

const std::filesystem::path& share_dir() {
  static const fs::path dir = find_share_dir();
  return dir;
}

std::filesystem::path assets_dir() {
  return share_dir() / "assets";
}

std::filesystem::path lessons_dir() {
  return share_dir() / "lessons";
}

}  // namespace lessonsim
