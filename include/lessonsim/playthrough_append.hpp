// Adding a recorded playthrough to a lesson file's text, keeping the instructor's formatting.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace lessonsim {

// The playthrough laid out as the shipped lessons write them: one key per line, the actions
// packed a few to a line, one expectation per line; every line but the first starts with
// `indent`.
std::string format_playthrough(const nlohmann::json& playthrough, const std::string& indent);

// `text` (a lesson file) with `playthrough` added at the end of its `playthroughs` array, or a
// new `playthroughs` array when there is none; nothing else in the text moves. False, with
// `error` set, when `text` is not a JSON object.
bool append_playthrough(std::string& text, const nlohmann::json& playthrough, std::string& error);

}  // namespace lessonsim
