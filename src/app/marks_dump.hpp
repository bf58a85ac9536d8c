// The marks dump: the picture a canvas drew (marks, callouts, texts, plots) and its step's facts,
// as JSON, for `shot --marks` and the browser's `window.lessonsim.marks()` alike (the layout is
// ui::picture_json's, described in docs/window.md).
#pragma once

#include <nlohmann/json.hpp>

#include "lesson_screen.hpp"
#include "picture.hpp"

namespace lessonsim::app {

// The picture's dump in framebuffer pixels (`scale_x`, `scale_y`: framebuffer pixels per ImGui
// unit), with the facts of `screen`'s step; on a step with a `point`,
// `"point": {"variable": …, "found": …}`: whether a mark draws the pointed variable.
nlohmann::json marks_dump(const ui::Picture& picture, const ui::LessonScreen& screen, float scale_x,
                          float scale_y);

}  // namespace lessonsim::app
