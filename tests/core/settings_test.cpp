// Settings survive a restart and a broken settings file never stops the app.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "lessonsim/settings.hpp"

using namespace lessonsim;
namespace fs = std::filesystem;

namespace {

fs::path unmade_dir(const char* name) {
  fs::path dir =
      fs::temp_directory_path() / ("lessonsim-settings-" + std::to_string(::getpid())) / name;
  fs::remove_all(dir);
  return dir;
}

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

}  // namespace

TEST_CASE("settings round-trip through a folder created on demand") {
  fs::path dir = unmade_dir("round-trip");
  Settings s;
  s.window_width = 1024;
  s.window_height = 640;
  s.locale = "en";
  s.reduce_motion = true;
  std::string error;
  REQUIRE(save_settings(dir, s, error));
  std::string warning;
  Settings back = load_settings(dir, &warning);
  CHECK(warning.empty());
  CHECK(back.window_width == 1024);
  CHECK(back.window_height == 640);
  CHECK(back.locale == "en");
  CHECK(back.reduce_motion);
  // No temporary file is left behind.
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
}

TEST_CASE("a missing file gives the defaults without a warning") {
  std::string warning;
  Settings s = load_settings(unmade_dir("missing"), &warning);
  CHECK(warning.empty());
  CHECK(s.window_width == 1280);
  CHECK(s.locale.empty());
}

TEST_CASE("broken or hostile settings fall back to the defaults, never throw") {
  const char* cases[] = {
      "",
      "{",
      "[1, 2]",
      "\xff\xfe garbage",
      R"({"window": {"width": -5, "height": 1e300}, "locale": 7, "reduce_motion": "yes"})",
      R"({"window": "big", "locale": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"})",
  };
  for (const char* text : cases) {
    fs::path dir = unmade_dir("broken");
    write(dir / "settings.json", text);
    std::string warning;
    Settings s;
    REQUIRE_NOTHROW(s = load_settings(dir, &warning));
    CHECK(s.window_width == 1280);
    CHECK(s.window_height == 800);
    CHECK(s.locale.empty());
    CHECK_FALSE(s.reduce_motion);
  }
}

TEST_CASE("the data folder follows --data-dir, then XDG_DATA_HOME") {
  CHECK(data_dir("/tmp/x") == fs::path("/tmp/x"));
  ::setenv("XDG_DATA_HOME", "/tmp/xdg", 1);
  CHECK(data_dir() == fs::path("/tmp/xdg/lessonsim"));
  ::unsetenv("XDG_DATA_HOME");
  CHECK(data_dir().filename() == "lessonsim");
}

TEST_CASE("saving into a folder that cannot be created reports an error") {
  fs::path file = unmade_dir("blocked");
  write(file, "not a folder");
  std::string error;
  CHECK_FALSE(save_settings(file / "sub", Settings{}, error));
  CHECK_FALSE(error.empty());
}
