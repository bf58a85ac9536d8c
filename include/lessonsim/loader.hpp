// Reading lesson files: every problem reported, located, in one pass.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "lessonsim/bounded_read.hpp"
#include "lessonsim/catalog.hpp"
#include "lessonsim/diagnostics.hpp"
#include "lessonsim/json_source.hpp"
#include "lessonsim/lesson.hpp"

namespace lessonsim {

// What a lesson is loaded with: the hardware catalog its machine names GPUs and links from,
// shared by the machine and every copy the engine makes of it. The default is the catalog the
// program installed (install_hardware); a test gives its own. Null: a machine that needs one
// is a located error.
struct LoadOptions {
  std::shared_ptr<const Catalog> hardware = installed_hardware();
};

// Parses and validates a lesson; returns it only when there is no error (warnings allowed).
std::shared_ptr<const Lesson> load_lesson(std::string_view text, Diagnostics& diags,
                                          const LoadOptions& options = {});
// The same from a file already parsed with positions (`check` parses once for load and lint).
std::shared_ptr<const Lesson> load_lesson(const JsonNode& root, Diagnostics& diags,
                                          const LoadOptions& options = {});

// Reads a file and loads it; an unreadable file is reported as an error on the file.
std::shared_ptr<const Lesson> load_lesson_file(const std::filesystem::path& path,
                                               Diagnostics& diags, const LoadOptions& options = {});

// For a preview while the lesson is written (the window's hot reload): a lesson whose only
// errors are in its playthroughs loads without them, and those errors come back in
// `playthrough_errors` instead of `diags`; any other error fails as load_lesson_file does.
std::shared_ptr<const Lesson> load_lesson_preview(const std::filesystem::path& path,
                                                  Diagnostics& diags,
                                                  std::vector<Diagnostic>& playthrough_errors,
                                                  const LoadOptions& options = {});

// The lesson files named by `paths`: files as given, folders searched for `*.json` (sorted),
// skipping files that are not lessons (`course.json`, `*.schema.json`).
std::vector<std::filesystem::path> lesson_files(const std::vector<std::string>& paths,
                                                std::vector<std::string>& missing);

}  // namespace lessonsim

namespace lessonsim {

// The lesson with one machine setting changed (e.g. the lab's `seed`, to reproduce a learner's
// brief); nullptr and `error` set when the machine refuses it.
std::shared_ptr<const Lesson> with_machine_setting(const std::shared_ptr<const Lesson>& lesson,
                                                   const std::string& name,
                                                   const nlohmann::json& value, std::string& error);

}  // namespace lessonsim
