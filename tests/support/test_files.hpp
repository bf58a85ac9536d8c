// Files for tests: an empty scratch folder of their own, and the shipped lessons' text.
#pragma once

#include <unistd.h>
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "lessonsim/bounded_read.hpp"

namespace lessonsim::test {

// An empty folder under the temporary directory, named by the test's `kind` and `name` and this
// process, so parallel test binaries never share one.
inline std::filesystem::path fresh_dir(const std::string& kind, const std::string& name) {
  std::filesystem::path dir = std::filesystem::temp_directory_path() /
                              ("lessonsim-" + kind + "-" + std::to_string(::getpid()) + "-" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

// Every byte of a file, "" when it cannot be read.
inline std::string file_bytes(const std::filesystem::path& path) {
  std::string bytes, error;
  read_file(path, bytes, error);
  return bytes;
}

inline std::filesystem::path shipped_lessons_dir() {
  return std::filesystem::path(LESSONSIM_SOURCE_DIR) / "lessons";
}

// The text of a shipped lesson file, e.g. "datacenter-split.json".
inline std::string shipped_lesson_text(const std::string& file) {
  std::string text, error;
  REQUIRE(read_file(shipped_lessons_dir() / file, text, error));
  return text;
}

}  // namespace lessonsim::test
