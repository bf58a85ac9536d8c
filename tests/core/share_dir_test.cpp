// The shipped lessons and assets are found from the running program: here a build-tree test
// binary, which finds the build tree's share/lessonsim one folder above it.
#include <catch2/catch.hpp>

#include <filesystem>

#include "lessonsim/share_dir.hpp"

using namespace lessonsim;
namespace fs = std::filesystem;

TEST_CASE("share dir: found relative to the executable, holding the lessons and assets",
          "[share]") {
  fs::path exe = fs::read_symlink("/proc/self/exe");
  CHECK(share_dir() == exe.parent_path().parent_path() / "share" / "lessonsim");
  CHECK(assets_dir() == share_dir() / "assets");
  CHECK(lessons_dir() == share_dir() / "lessons");
  CHECK(fs::exists(assets_dir() / "hardware.json"));
  CHECK(fs::exists(lessons_dir() / "course.json"));
  // The build tree's folders are the checkout's, so an edited lesson shows without a rebuild.
  CHECK(fs::equivalent(lessons_dir(), fs::path(LESSONSIM_SOURCE_DIR) / "lessons"));
}
