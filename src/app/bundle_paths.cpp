#include "bundle_paths.hpp"

#include <algorithm>
#include <iostream>

#include "lessonsim/bounded_read.hpp"
#include "lessonsim/json_source.hpp"

namespace lessonsim::app {

namespace fs = std::filesystem;

OpenedPaths open_paths(const std::vector<std::string>& paths, std::vector<Diagnostic>& problems) {
  OpenedPaths out;
  for (const auto& p : paths) {
    if (!is_bundle_path(p)) {
      out.paths.push_back(p);
      continue;
    }
    std::string error;
    auto bundle = open_bundle(p, error);
    if (!bundle) {
      Diagnostics d(p);
      d.error({}, "the course " + error);
      problems.insert(problems.end(), d.all().begin(), d.all().end());
      continue;
    }
    out.paths.push_back(bundle->folder().string());
    out.bundles.push_back(std::move(bundle));
  }
  return out;
}

std::string course_lesson(const std::string& folder, const std::string& id) {
  // Only course.json is read here: the window asks before the hardware catalog is installed,
  // and the lessons are checked where they are loaded.
  fs::path file = fs::path(folder) / "course.json";
  std::string shown = bundle_display_path(file.string());
  std::string text, error;
  Diagnostics diags(file.string());
  auto root = read_file(file, text, error) ? parse_json_source(text, diags) : std::nullopt;
  const JsonNode* lessons = root ? root->find("lessons") : nullptr;
  std::vector<std::pair<std::string, std::string>> entries;  // id, file
  for (std::size_t k = 0; lessons && lessons->is_array() && k < lessons->items.size(); ++k) {
    const JsonNode* i = lessons->items[k].find("id");
    const JsonNode* f = lessons->items[k].find("file");
    if (i && f && i->is_string() && f->is_string()) entries.emplace_back(i->text, f->text);
  }
  if (entries.empty()) {
    std::cerr << shown << ": error: no course.json listing a lesson to open\n";
    return {};
  }
  auto chosen = entries.begin();
  if (!id.empty()) {
    chosen =
        std::find_if(entries.begin(), entries.end(), [&](const auto& e) { return e.first == id; });
  }
  if (chosen == entries.end()) {
    std::vector<std::string> ids;
    for (const auto& e : entries)
      ids.push_back(e.first);
    std::string close = closest_name(id, ids);
    std::cerr << shown << ": error: the course has no lesson \"" << id << "\""
              << (close.empty() ? "" : "; did you mean \"" + close + "\"?") << '\n';
    return {};
  }
  fs::path lesson = (fs::path(folder) / chosen->second).lexically_normal();
  if (lesson.lexically_relative(fs::path(folder).lexically_normal()).string().starts_with("..")) {
    std::cerr << shown << ": error: the lesson " << chosen->second << " is outside the course\n";
    return {};
  }
  return lesson.string();
}

}  // namespace lessonsim::app
