// Paths as the commands take them, with each course bundle (COURSE.lessonsim) among them opened
// and standing for its folder, so `check`, `test` and `play` read a bundle as they read a folder.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bundle_open.hpp"
#include "lessonsim/diagnostics.hpp"

namespace lessonsim::app {

struct OpenedPaths {
  std::vector<std::string> paths;                      // a bundle's folder in its place
  std::vector<std::shared_ptr<OpenedBundle>> bundles;  // kept open while the paths are read
};

// Each path, a bundle opened in its place; a bundle that cannot be opened is an error in
// `problems` ("COURSE.lessonsim: error: the course has an entry outside the bundle: …") and
// stands for nothing.
OpenedPaths open_paths(const std::vector<std::string>& paths, std::vector<Diagnostic>& problems);

// The lesson a course folder's course.json lists first (or the one with id `id`), as a file
// path; empty, with the reason said on stderr, when there is none.
std::string course_lesson(const std::string& folder, const std::string& id);

}  // namespace lessonsim::app
