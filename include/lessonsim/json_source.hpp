// A JSON document that remembers where every key and value stands in its file.
//
// nlohmann/json (3.11, as Debian ships it) keeps no source positions, and an instructor needs
// `FILE:LINE:COL` for every problem, so lessons are read with this small strict parser.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "lessonsim/diagnostics.hpp"

namespace lessonsim {

struct JsonMember;

struct JsonNode {
  enum class Type { null, boolean, number, string, array, object };
  Type type = Type::null;
  SourcePos pos;
  bool boolean = false;
  double number = 0;
  // A whole number that fits in int64: written without a fraction (`2`), or with one whose
  // value is whole (`2.0`, `2e3`; up to 2^53), as JSON Schema counts integers.
  bool is_integer = false;
  std::int64_t integer = 0;
  std::string text;  // string value, or the number as written
  std::vector<JsonNode> items;
  std::vector<JsonMember> members;

  const JsonNode* find(std::string_view key) const;
  const JsonMember* find_member(std::string_view key) const;
  bool is_object() const { return type == Type::object; }
  bool is_array() const { return type == Type::array; }
  bool is_string() const { return type == Type::string; }
  bool is_number() const { return type == Type::number; }
  bool is_bool() const { return type == Type::boolean; }
};

struct JsonMember {
  std::string key;
  SourcePos key_pos;
  JsonNode value;
};

struct JsonParseLimits {
  int max_depth = 128;
  std::size_t max_bytes = 16u << 20;
};

// Parses `text`; on a syntax error reports it located in `diags` and returns nothing.
std::optional<JsonNode> parse_json_source(std::string_view text, Diagnostics& diags,
                                          JsonParseLimits limits = {});

// The plain value, for parts that need no positions (action arguments, saved state).
nlohmann::json to_json(const JsonNode& node);

// The name of a node's type as an instructor would say it: "a number", "an object", ...
const char* type_name(JsonNode::Type type);

// Escapes a key for use in a JSON pointer (RFC 6901).
std::string pointer_escape(std::string_view key);

}  // namespace lessonsim
