#include "lessonsim/course.hpp"

#include <map>
#include <unordered_map>

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

namespace fs = std::filesystem;

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

// Why `file` may not be read as a lesson of the course in `folder`, or empty when it may: a
// course is shared as a folder, so it may not reach outside it, not even through a symlink.
std::string confinement_problem(const std::string& file, const fs::path& folder,
                                fs::path& resolved) {
  fs::path relative(file);
  if (file.empty()) return "\"file\" is empty";
  if (relative.is_absolute() || relative.has_root_name()) {
    return "\"file\" is an absolute path; name the lesson relative to the course's folder";
  }
  fs::path joined = (folder / relative).lexically_normal();
  fs::path inside = joined.lexically_relative(folder.lexically_normal());
  if (inside.empty() || *inside.begin() == "..") {
    return "\"file\" " + file + " leaves the course's folder";
  }
  std::error_code ec;
  fs::path real_folder = fs::weakly_canonical(folder, ec);
  fs::path real = fs::weakly_canonical(joined, ec);
  if (!ec) {
    fs::path real_inside = real.lexically_relative(real_folder);
    if (real_inside.empty() || *real_inside.begin() == "..") {
      return "\"file\" " + file + " is a link to " + real.string() +
             ", outside the course's folder";
    }
  }
  resolved = ec ? joined : real;
  return {};
}

struct Loaded {
  std::shared_ptr<const Lesson> lesson;
  std::size_t diags_index = 0;  // into lesson_diags, when collected
  std::string first_error;
};

}  // namespace

namespace {

// The course's LRS settings (docs/classroom.md): which LRS and which IRI, never a learner or a
// credential, since a course file is handed out to every learner.
void check_course_xapi(const JsonNode& xapi, Diagnostics& diags) {
  if (!xapi.is_object()) {
    diags.error(xapi.pos, "\"xapi\" is an object: endpoint, activity_iri, home_page", "/xapi");
    return;
  }
  for (const auto& m : xapi.members) {
    std::string at = "/xapi/" + pointer_escape(m.key);
    bool known = m.key == "endpoint" || m.key == "activity_iri" || m.key == "home_page";
    if (!known) {
      diags.error(m.key_pos,
                  "unknown key \"" + m.key + "\" in \"xapi\" (endpoint, activity_iri, home_page; "
                  "learners and credentials are set on each machine)",
                  at);
    } else if (!m.value.is_string()) {
      diags.error(m.value.pos, "\"" + m.key + "\" is a string", at);
    }
  }
}

}  // namespace

std::optional<Course> read_course(const fs::path& path, Diagnostics& diags,
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
    } else if (m.key == "xapi") {
      check_course_xapi(m.value, diags);
    } else if (m.key != "lessons") {
      diags.error(m.key_pos, "unknown key \"" + m.key + "\" in a course",
                  "/" + pointer_escape(m.key));
    }
  }
  const JsonNode* list = root->find("lessons");
  if (!list || !list->is_array() || list->items.empty()) {
    diags.error(root->pos, "a course needs a \"lessons\" array naming its lessons in order");
    return std::nullopt;
  }
  const fs::path folder = path.parent_path().empty() ? fs::path(".") : path.parent_path();
  std::unordered_map<std::string, std::size_t> listed;  // id -> entry, for "listed twice"
  std::map<fs::path, Loaded> loaded;  // each file is read once however often it is listed
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
    if (!valid_id(id->text)) {
      diags.error(id->pos, "\"" + id->text + "\" is not a lesson id: " + id_pattern_words,
                  where + "/id");
      continue;
    }
    if (auto [at, fresh] = listed.emplace(id->text, k); !fresh) {
      diags.error(id->pos,
                  "lesson \"" + id->text + "\" is listed twice (first at /lessons/" +
                      std::to_string(at->second) + ")",
                  where + "/id");
      continue;
    }
    fs::path resolved;
    if (std::string problem = confinement_problem(file->text, folder, resolved); !problem.empty()) {
      diags.error(file->pos, problem, where + "/file");
      continue;
    }
    auto [slot, first_time] = loaded.try_emplace(resolved);
    if (first_time) {
      Diagnostics own((folder / file->text).string());
      slot->second.lesson = load_lesson_file(folder / file->text, own);
      if (!own.all().empty()) slot->second.first_error = own.all().front().message;
      if (lesson_diags) {
        slot->second.diags_index = lesson_diags->size();
        lesson_diags->push_back(std::move(own));
      }
    }
    CourseEntry entry{id->text, folder / file->text, slot->second.lesson};
    if (!entry.lesson) {
      diags.error(file->pos,
                  "lesson \"" + id->text + "\" does not load from " + file->text +
                      (slot->second.first_error.empty() ? "" : ": " + slot->second.first_error),
                  where + "/file");
    } else if (entry.lesson->id != id->text) {
      diags.error(id->pos,
                  "the file " + file->text + " holds lesson \"" + entry.lesson->id + "\", not \"" +
                      id->text + "\"",
                  where + "/id");
    }
    course.lessons.push_back(std::move(entry));
    positions.push_back(item.pos);
  }
  for (std::size_t k = 0; k < course.lessons.size(); ++k) {
    const auto& lesson = course.lessons[k].lesson;
    if (!lesson || lesson->id != course.lessons[k].id) continue;
    std::string expected = k + 1 < course.lessons.size() ? course.lessons[k + 1].id : "";
    if (lesson->next != expected) {
      diags.error(positions[k],
                  "lesson \"" + lesson->id + "\" says next is \"" + lesson->next +
                      "\", but the course continues with " +
                      (expected.empty() ? "nothing (it is the last)" : "\"" + expected + "\""),
                  "/lessons/" + std::to_string(k));
    }
  }
  return course;
}

std::optional<Course> load_course(const fs::path& path, Diagnostics& diags,
                                  std::vector<Diagnostics>* lesson_diags) {
  auto course = read_course(path, diags, lesson_diags);
  if (diags.has_errors()) return std::nullopt;
  return course;
}

}  // namespace lessonsim
