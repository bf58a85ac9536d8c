// Small edits to a JSON file's text that keep everything else byte for byte: a member's string
// replaced or added, an item appended, laid out like their neighbours (what `record` and
// `i18n import` write into an instructor's hand-formatted lesson).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "lessonsim/json_source.hpp"

namespace lessonsim {

// The byte offset of a parser position (line and column count characters from 1).
std::size_t offset_of(std::string_view text, SourcePos pos);

// The offset of the bracket closing the array or object that opens at `open`; npos if none.
std::size_t closing_bracket(std::string_view text, std::size_t open);

// The offset just past the JSON value that starts at `start`.
std::size_t value_end(std::string_view text, std::size_t start);

// The spaces and tabs that start the line holding offset `at`.
std::string line_indent(std::string_view text, std::size_t at);

// `insert` with its line ends as the file's are (a file saved on Windows keeps its CRLF).
std::string line_ends_like(std::string_view text, std::string insert);

// A value as the lesson files write it: UTF-8 kept, no spaces.
std::string json_text(const nlohmann::json& value);

struct TextEdit {
  std::size_t at = 0;
  std::size_t length = 0;  // bytes replaced
  std::string with;
};

// The edit that makes member `key` of `object` (parsed from `text`) hold `value`: its value
// replaced where it is, or a new last member on the same line as the last one, or on a line of
// its own when the members stand one to a line.
TextEdit set_member(std::string_view text, const JsonNode& object, const std::string& key,
                    const nlohmann::json& value);

// The edit that adds a member `key` right after member `after` of `object`, on a line of its own
// indented as `after` is (or on the same line, when `after` shares its line with the next).
TextEdit add_member_after(std::string_view text, const JsonNode& object, const std::string& after,
                          const std::string& key, const nlohmann::json& value);

// The edit that appends `value` to `array`, after its last item.
TextEdit append_item(std::string_view text, const JsonNode& array, const nlohmann::json& value);

// `text` with `edits` made; they are taken against the original text and must not overlap.
std::string apply_edits(std::string text, std::vector<TextEdit> edits);

}  // namespace lessonsim
