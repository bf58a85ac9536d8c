#include "lessonsim/bundle.hpp"

#include <mutex>
#include <utility>
#include <vector>

namespace lessonsim {

namespace {

// The bundles open in this process, so a diagnostic names `course.lessonsim/x.json` rather than
// the private folder the file was unpacked into.
std::mutex registry_mutex;
std::vector<std::pair<std::string, std::string>> registry;  // folder, bundle file

}  // namespace

bool is_bundle_path(const std::filesystem::path& path) {
  return path.extension() == bundle_extension;
}

void register_bundle_folder(const std::filesystem::path& folder,
                            const std::filesystem::path& bundle) {
  std::lock_guard lock(registry_mutex);
  registry.emplace_back(folder.string(), bundle.string());
}

void unregister_bundle_folder(const std::filesystem::path& folder) {
  std::lock_guard lock(registry_mutex);
  std::erase_if(registry, [&](const auto& r) { return r.first == folder.string(); });
}

std::string bundle_display_path(const std::string& path) {
  std::lock_guard lock(registry_mutex);
  for (const auto& [folder, file] : registry) {
    if (path.starts_with(folder + "/")) return file + path.substr(folder.size());
    if (path == folder) return file;
  }
  return path;
}

}  // namespace lessonsim
