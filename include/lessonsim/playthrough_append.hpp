// Adding a recorded playthrough to a lesson file's text, keeping the instructor's formatting.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "lessonsim/lesson.hpp"

namespace lessonsim {

// The playthrough laid out as the shipped lessons write them: one key per line, the actions
// packed a few to a line, one expectation per line; every line but the first starts with
// `indent`.
std::string format_playthrough(const nlohmann::json& playthrough, const std::string& indent);

// `text` (a lesson file) with `playthrough` added at the end of its `playthroughs` array, or a
// new `playthroughs` array when there is none; nothing else in the text moves. False, with
// `error` set, when `text` is not a JSON object.
bool append_playthrough(std::string& text, const nlohmann::json& playthrough, std::string& error);

struct AppendedRecording {
  std::string text;                      // the lesson file's new text
  std::string name;                      // the playthrough's name, made unique
  std::shared_ptr<const Lesson> lesson;  // the new text, loaded
};

// A recording made in the window appended to the lesson file's `text` under a name no other
// playthrough has (a number added when needed), once the new text loads and the recording
// replays green on it, so `lessonsim test` passes it as written; nothing, and `error` set, else.
std::optional<AppendedRecording> append_recording(const std::string& text,
                                                  nlohmann::json playthrough, std::string& error);

}  // namespace lessonsim
