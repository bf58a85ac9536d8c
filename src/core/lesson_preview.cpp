// Loading a lesson for the window's preview: broken playthroughs do not hide the edited lesson.
#include <algorithm>

#include "lessonsim/bounded_read.hpp"
#include "lessonsim/loader.hpp"

namespace lessonsim {

std::shared_ptr<const Lesson> load_lesson_preview(const std::filesystem::path& path,
                                                  Diagnostics& diags,
                                                  std::vector<Diagnostic>& playthrough_errors,
                                                  const LoadOptions& options) {
  std::string text, error;
  if (!read_file(path, text, error)) {
    diags.error({}, "the file " + error);
    return nullptr;
  }
  auto root = parse_json_source(text, diags);
  if (!root) return nullptr;
  Diagnostics first(diags.file());
  if (auto lesson = load_lesson(*root, first, options)) {
    for (const auto& d : first.all())
      diags.warning(d.pos, d.message, d.pointer, d.suggestion);
    return lesson;
  }
  auto in_playthroughs = [](const Diagnostic& d) {
    return d.severity != Severity::error || d.pointer.starts_with("/playthroughs");
  };
  bool only_playthroughs = std::all_of(first.all().begin(), first.all().end(), in_playthroughs);
  if (!only_playthroughs || !root->is_object()) {
    for (const auto& d : first.all()) {
      if (d.severity == Severity::error) {
        diags.error(d.pos, d.message, d.pointer, d.suggestion);
      } else {
        diags.warning(d.pos, d.message, d.pointer, d.suggestion);
      }
    }
    return nullptr;
  }
  // The same file without its playthroughs: everything the learner sees is valid.
  JsonNode without = *root;
  std::erase_if(without.members, [](const JsonMember& m) { return m.key == "playthroughs"; });
  Diagnostics second(diags.file());
  auto lesson = load_lesson(without, second, options);
  if (!lesson) {
    for (const auto& d : second.all())
      diags.error(d.pos, d.message, d.pointer, d.suggestion);
    return nullptr;
  }
  for (const auto& d : first.all()) {
    if (d.severity == Severity::error) playthrough_errors.push_back(d);
  }
  return lesson;
}

}  // namespace lessonsim
