// Where the shipped lessons and assets are, found from the running program, never the source.
#pragma once

#include <filesystem>

namespace lessonsim {

// The folder holding `assets/` and `lessons/`: $LESSONSIM_SHARE_DIR when set, else the nearest
// `share/lessonsim` beside or above the running executable: `<prefix>/share/lessonsim` for an
// installed `<prefix>/bin/lessonsim`, `<build>/share/lessonsim` in a build tree (CMake links it
// to the checkout's folders there). Looked up once per process.
const std::filesystem::path& share_dir();

std::filesystem::path assets_dir();   // share_dir() / "assets"
std::filesystem::path lessons_dir();  // share_dir() / "lessons"

}  // namespace lessonsim
