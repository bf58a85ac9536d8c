// A course in one file (`COURSE.lessonsim`, a zip made by `lessonsim pack`): how it is named,
// and how a file unpacked from one is named in diagnostics (`course.lessonsim/lesson.json`).
// Opening a bundle is the command line's and the window's (src/app/bundle_open.hpp).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace lessonsim {

inline constexpr std::string_view bundle_extension = ".lessonsim";

// A path that names a bundle (by its extension), not a folder or a lesson file.
bool is_bundle_path(const std::filesystem::path& path);

// While a bundle is open, the private folder it was unpacked into stands for it.
void register_bundle_folder(const std::filesystem::path& folder,
                            const std::filesystem::path& bundle);
void unregister_bundle_folder(const std::filesystem::path& folder);

// A path inside an open bundle as the user knows it, `course.lessonsim/lesson.json`; any other
// path as it is. Diagnostics name files through it.
std::string bundle_display_path(const std::string& path);

}  // namespace lessonsim
