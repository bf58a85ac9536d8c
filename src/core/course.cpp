#include "lessonsim/course.hpp"

#include "lessonsim/json_source.hpp"
#include "lessonsim/loader.hpp"

namespace lessonsim {

int Course::index_of(std::string_view lesson_id) const {
  for (std::size_t k = 0; k < lessons.size(); ++k) {
    if (lessons[k].id == lesson_id) return static_cast<int>(k);
  }
  return -1;
}

namespace {

LocalizedText read_title(const JsonNode& node, Diagnostics& diags) {
  LocalizedText t;
  if (!node.is_object()) {
    diags.error(node.pos, "\"title\" must be an object of locale to string", "/title");
    return t;
  }
  for (const auto& m : node.members) {
    if (m.value.is_string()) t.by_locale.emplace(m.key, m.value.text);
  }
  return t;
}

}  // namespace

std::optional<Course> load_course(const std::filesystem::path& path, Diagnostics& diags,
                                  std::vector<Diagnostics>* lesson_diags) {
  std::string text, error;
  if (!read_file(path, text, error)) {
    diags.error({}, "the course file " + error);
    return std::nullopt;
  }
  auto root = parse_json_source(text, diags);
  if (!root) return std::nullopt;
  if (!root->is_object()) {
    diags.error(root->pos, "a course is one JSON object");
    return std::nullopt;
  }
  Course course;
  for (const auto& m : root->members) {
    if (m.key == "$schema" || m.key == "format") continue;
    if (m.key == "id" && m.value.is_string()) {
      course.id = m.value.text;
    } else if (m.key == "title") {
      course.title = read_title(m.value, diags);
    } else if (m.key != "lessons") {
      diags.error(m.key_pos, "unknown key \"" + m.key + "\" in a course", "/" + pointer_escape(m.key));
    }
  }
  const JsonNode* list = root->find("lessons");
  if (!list || !list->is_array() || list->items.empty()) {
    diags.error(root->pos, "a course needs a \"lessons\" array naming its lessons in order");
    return std::nullopt;
  }
  std::vector<SourcePos> positions;
  for (std::size_t k = 0; k < list->items.size(); ++k) {
    const JsonNode& item = list->items[k];
    std::string where = "/lessons/" + std::to_string(k);
    const JsonNode* id = item.find("id");
    const JsonNode* file = item.find("file");
    if (!item.is_object() || !id || !id->is_string() || !file || !file->is_string()) {
      diags.error(item.pos, "a course entry is {\"id\": \"…\", \"file\": \"….json\"}", where);
      continue;
    }
    if (course.index_of(id->text) >= 0) {
      diags.error(id->pos, "lesson \"" + id->text + "\" is listed twice", where + "/id");
      continue;
    }
    CourseEntry entry{id->text, path.parent_path() / file->text, nullptr};
    Diagnostics own(entry.file.string());
    entry.lesson = load_lesson_file(entry.file, own);
    if (!entry.lesson) {
      diags.error(file->pos,
                  "lesson \"" + id->text + "\" does not load from " + file->text +
                      (own.all().empty() ? "" : ": " + own.all().front().message),
                  where + "/file");
    } else if (entry.lesson->id != id->text) {
      diags.error(id->pos, "the file " + file->text + " holds lesson \"" + entry.lesson->id +
                               "\", not \"" + id->text + "\"", where + "/id");
    }
    if (lesson_diags) lesson_diags->push_back(std::move(own));
    course.lessons.push_back(std::move(entry));
    positions.push_back(item.pos);
  }
  for (std::size_t k = 0; k < course.lessons.size(); ++k) {
    const auto& lesson = course.lessons[k].lesson;
    if (!lesson) continue;
    std::string expected = k + 1 < course.lessons.size() ? course.lessons[k + 1].id : "";
    if (lesson->next != expected) {
      diags.error(positions[k],
                  "lesson \"" + lesson->id + "\" says next is \"" + lesson->next +
                      "\", but the course continues with " +
                      (expected.empty() ? "nothing (it is the last)" : "\"" + expected + "\""),
                  "/lessons/" + std::to_string(k));
    }
  }
  if (diags.has_errors()) return std::nullopt;
  return course;
}

}  // namespace lessonsim
