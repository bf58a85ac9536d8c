#include "lessonsim/translation.hpp"

#include <algorithm>

namespace lessonsim {

namespace {

bool is_text(const JsonNode& node, const std::vector<std::string>& locales) {
  if (!node.is_object() || node.members.empty()) return false;
  return std::all_of(node.members.begin(), node.members.end(), [&](const JsonMember& m) {
    return m.value.is_string() && std::find(locales.begin(), locales.end(), m.key) != locales.end();
  });
}

// An item of a list named by what the author named it (a step's or rule's `id`, a declared
// setting's `name`), so a context survives items moving; else by its place.
std::string segment(const JsonNode& item, std::size_t index) {
  for (const char* key : {"id", "name"}) {
    const JsonNode* n = item.is_object() ? item.find(key) : nullptr;
    if (n && n->is_string() && !n->text.empty() && n->text.find('/') == std::string::npos) {
      return n->text;
    }
  }
  return std::to_string(index);
}

struct Walk {
  const std::vector<std::string>& locales;
  const std::string& source;
  const std::string& target;
  std::vector<LessonText>& out;

  void visit(const JsonNode& node, const std::string& path, const std::string& pointer) {
    if (is_text(node, locales)) {
      const JsonNode* from = node.find(source);
      if (!from) return;  // a text without its source is the loader's to report
      LessonText t;
      t.context = path;
      t.pointer = pointer;
      t.node = &node;
      t.source = from->text;
      if (const JsonNode* to = node.find(target)) t.translation = to->text;
      out.push_back(std::move(t));
    } else if (node.is_object()) {
      for (const auto& m : node.members) {
        if (pointer.empty() && m.key == "playthroughs") continue;
        std::string key = pointer_escape(m.key);
        visit(m.value, path + "/" + key, pointer + "/" + key);
      }
    } else if (node.is_array()) {
      for (std::size_t k = 0; k < node.items.size(); ++k) {
        visit(node.items[k], path + "/" + pointer_escape(segment(node.items[k], k)),
              pointer + "/" + std::to_string(k));
      }
    }
  }
};

}  // namespace

std::string translation_source(const std::vector<std::string>& locales) {
  if (std::find(locales.begin(), locales.end(), "en") != locales.end()) return "en";
  return locales.empty() ? std::string("en") : locales.front();
}

std::vector<LessonText> lesson_texts(const JsonNode& root, const std::string& lesson_id,
                                     const std::vector<std::string>& locales,
                                     const std::string& target) {
  std::vector<LessonText> out;
  const std::string source = translation_source(locales);
  // The target's strings count as text keys too, so a lesson partly translated already reads.
  std::vector<std::string> keys = locales;
  if (std::find(keys.begin(), keys.end(), target) == keys.end()) keys.push_back(target);
  Walk{keys, source, target, out}.visit(root, lesson_id, "");
  return out;
}

std::string lesson_id_of(const JsonNode& root) {
  const JsonNode* id = root.find("id");
  return id && id->is_string() ? id->text : std::string();
}

std::vector<std::string> lesson_locales_of(const JsonNode& root) {
  std::vector<std::string> out;
  const JsonNode* locales = root.find("locales");
  if (!locales || !locales->is_array()) return out;
  for (const auto& l : locales->items) {
    if (l.is_string()) out.push_back(l.text);
  }
  return out;
}

}  // namespace lessonsim
