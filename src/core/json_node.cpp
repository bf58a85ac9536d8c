// What a parsed lesson tree offers besides parsing: member lookup, conversion to nlohmann::json,
// the names of JSON types in messages, and JSON Pointer escaping.
#include "lessonsim/json_source.hpp"

namespace lessonsim {

const JsonNode* JsonNode::find(std::string_view key) const {
  const JsonMember* m = find_member(key);
  return m ? &m->value : nullptr;
}

const JsonMember* JsonNode::find_member(std::string_view key) const {
  for (const auto& m : members) {
    if (m.key == key) return &m;
  }
  return nullptr;
}

nlohmann::json to_json(const JsonNode& node) {
  switch (node.type) {
    case JsonNode::Type::null:
      return nullptr;
    case JsonNode::Type::boolean:
      return node.boolean;
    case JsonNode::Type::number:
      if (node.is_integer) return node.integer;
      return node.number;
    case JsonNode::Type::string:
      return node.text;
    case JsonNode::Type::array: {
      auto a = nlohmann::json::array();
      for (const auto& item : node.items)
        a.push_back(to_json(item));
      return a;
    }
    case JsonNode::Type::object: {
      auto o = nlohmann::json::object();
      for (const auto& m : node.members)
        o[m.key] = to_json(m.value);
      return o;
    }
  }
  return nullptr;
}

const char* type_name(JsonNode::Type type) {
  switch (type) {
    case JsonNode::Type::null:
      return "null";
    case JsonNode::Type::boolean:
      return "true/false";
    case JsonNode::Type::number:
      return "a number";
    case JsonNode::Type::string:
      return "a string";
    case JsonNode::Type::array:
      return "an array";
    case JsonNode::Type::object:
      return "an object";
  }
  return "a value";
}

std::string pointer_escape(std::string_view key) {
  std::string out;
  for (char c : key) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace lessonsim
