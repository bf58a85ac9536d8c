#include "lessonsim/playthrough_append.hpp"

#include <cctype>

#include "lessonsim/json_edit.hpp"
#include "lessonsim/json_source.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/playthrough.hpp"

namespace lessonsim {

namespace {

constexpr std::size_t line_limit = 100;
const std::string indent_step = "  ";

// `{"do": "choose", "i": 1}`: one object on one line, "do" and "after" first.
std::string one_line(const nlohmann::json& object) {
  std::string out = "{";
  bool first = true;
  auto add = [&](const std::string& key, const nlohmann::json& value) {
    out += (first ? "" : ", ") + json_text(key) + ": " + json_text(value);
    first = false;
  };
  for (const char* lead : {"do", "after", "at_end"}) {
    if (object.contains(lead)) add(lead, object[lead]);
  }
  for (const auto& [key, value] : object.items()) {
    if (key != "do" && key != "after" && key != "at_end") add(key, value);
  }
  return out + "}";
}

std::string unique_name(const Lesson& lesson, const std::string& wanted) {
  auto taken = [&](const std::string& name) {
    for (const auto& p : lesson.playthroughs) {
      if (p.name == name) return true;
    }
    return false;
  };
  std::string name = wanted;
  for (int k = 2; taken(name); ++k)
    name = wanted + " " + std::to_string(k);
  return name;
}

std::size_t skip_back_space(std::string_view text, std::size_t at) {
  while (at > 0 && std::isspace(static_cast<unsigned char>(text[at - 1])))
    --at;
  return at;
}

}  // namespace

std::string format_playthrough(const nlohmann::json& p, const std::string& indent) {
  std::string in = indent + indent_step, in2 = in + indent_step;
  std::string out = "{\n" + in + "\"name\": " + json_text(p.value("name", "")) + ",\n";
  if (p.contains("locale")) out += in + "\"locale\": " + json_text(p["locale"]) + ",\n";
  out += in + "\"actions\": [";
  std::string line;
  const nlohmann::json& actions = p.value("actions", nlohmann::json::array());
  for (std::size_t k = 0; k < actions.size(); ++k) {
    std::string item = one_line(actions[k]) + (k + 1 < actions.size() ? "," : "");
    if (!line.empty() && in2.size() + line.size() + 1 + item.size() > line_limit) {
      out += "\n" + in2 + line;
      line.clear();
    }
    line += (line.empty() ? "" : " ") + item;
  }
  if (!line.empty()) out += "\n" + in2 + line;
  out += "\n" + in + "],\n" + in + "\"expect\": [";
  const nlohmann::json& expect = p.value("expect", nlohmann::json::array());
  for (std::size_t k = 0; k < expect.size(); ++k) {
    out += "\n" + in2 + one_line(expect[k]) + (k + 1 < expect.size() ? "," : "");
  }
  return out + "\n" + in + "]\n" + indent + "}";
}

bool append_playthrough(std::string& text, const nlohmann::json& playthrough, std::string& error) {
  Diagnostics diags("lesson");
  auto root = parse_json_source(text, diags);
  if (!root || !root->is_object()) {
    error = "the lesson file is not a JSON object";
    return false;
  }
  const JsonMember* member = root->find_member("playthroughs");
  std::size_t root_open = offset_of(text, root->pos);
  if (!member) {
    // A new last member of the root object, indented like the root's first member.
    std::size_t close = closing_bracket(text, root_open);
    if (close == std::string_view::npos) {
      error = "the lesson file's braces do not match";
      return false;
    }
    std::string indent = root->members.empty()
                             ? indent_step
                             : line_indent(text, offset_of(text, root->members.front().key_pos));
    std::size_t at = skip_back_space(text, close);
    std::string insert = std::string(root->members.empty() ? "" : ",") + "\n" + indent +
                         "\"playthroughs\": [\n" + indent + indent_step +
                         format_playthrough(playthrough, indent + indent_step) + "\n" + indent +
                         "]";
    text.insert(at, line_ends_like(text, insert));
    return true;
  }
  const JsonNode& array = member->value;
  if (!array.is_array()) {
    error = "\"playthroughs\" is not an array";
    return false;
  }
  std::size_t open = offset_of(text, array.pos);
  std::size_t close = closing_bracket(text, open);
  if (close == std::string_view::npos) {
    error = "the \"playthroughs\" array is not closed";
    return false;
  }
  std::string outer = line_indent(text, offset_of(text, member->key_pos));
  std::string indent = array.items.empty()
                           ? outer + indent_step
                           : line_indent(text, offset_of(text, array.items.back().pos));
  std::string item = format_playthrough(playthrough, indent);
  if (array.items.empty()) {
    text.replace(open, close + 1 - open,
                 line_ends_like(text, "[\n" + indent + item + "\n" + outer + "]"));
  } else {
    text.insert(skip_back_space(text, close), line_ends_like(text, ",\n" + indent + item));
  }
  return true;
}

std::optional<AppendedRecording> append_recording(const std::string& text,
                                                  nlohmann::json playthrough, std::string& error) {
  Diagnostics before("lesson");
  auto current = load_lesson(text, before);
  if (!current) {
    error = "the lesson file has errors; fix them first";
    return std::nullopt;
  }
  AppendedRecording out{text, unique_name(*current, playthrough.value("name", "recorded")), {}};
  playthrough["name"] = out.name;
  if (!append_playthrough(out.text, playthrough, error)) return std::nullopt;
  Diagnostics after("lesson");
  out.lesson = load_lesson(out.text, after);
  if (!out.lesson) {
    error = "it does not load: " +
            (after.all().empty() ? std::string("?") : after.all().front().message);
    return std::nullopt;
  }
  for (const auto& p : out.lesson->playthroughs) {
    if (p.name != out.name) continue;
    PlaythroughResult result = run_playthrough(out.lesson, p);
    if (!result.passed) {
      error = "it does not replay: " + result.message;
      return std::nullopt;
    }
  }
  return out;
}

}  // namespace lessonsim
