// Opening a course bundle read-only: every entry checked (a relative name inside the bundle, a
// regular file, within the size limits), then unpacked into a private folder of read-only files
// that the commands and the window read as they read a course's folder, removed on closing.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>

#include "lessonsim/bundle.hpp"

namespace lessonsim::app {

struct BundleLimits {
  std::size_t file_bytes = 64u << 20;    // the bundle itself
  std::size_t entries = 1000;            // files and folders in it
  std::size_t entry_bytes = 16u << 20;   // one file unpacked: what a lesson may be
  std::size_t total_bytes = 128u << 20;  // every file unpacked, together
  std::size_t name_bytes = 255;          // one entry's name
  int depth = 8;                         // folders within folders
};

class OpenedBundle {
 public:
  OpenedBundle(std::filesystem::path file, std::filesystem::path folder);
  ~OpenedBundle();
  OpenedBundle(const OpenedBundle&) = delete;
  OpenedBundle& operator=(const OpenedBundle&) = delete;

  const std::filesystem::path& file() const { return file_; }      // as the user named it
  const std::filesystem::path& folder() const { return folder_; }  // where its files are read

 private:
  std::filesystem::path file_, folder_;
};

// Opens `file`; null with `error` (after the file's name: "has an entry outside the bundle:
// ../x.json") when it is not a bundle that can be read safely.
std::shared_ptr<OpenedBundle> open_bundle(const std::filesystem::path& file, std::string& error,
                                          const BundleLimits& limits = {});

}  // namespace lessonsim::app
