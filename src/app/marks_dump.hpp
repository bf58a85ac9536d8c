// The marks dump: every length a canvas drew, as JSON, for `shot --marks` and the browser's
// `window.lessonsim.marks()` alike (DESIGN: the marks dump).
#pragma once

#include <nlohmann/json.hpp>

#include "lessonsim/engine.hpp"
#include "scale.hpp"

namespace lessonsim::app {

// `{"marks": [...], "shows_machine": …}`: every length the canvas drew, in framebuffer pixels
// (`scale_x`, `scale_y`: framebuffer pixels per ImGui unit), and whether the step shows a machine
// (one that does must draw a quantity); on a step with a `point`,
// `"point": {"variable": …, "found": …}`: whether a mark draws the pointed variable.
nlohmann::json marks_dump(const ui::Marks& marks, const Engine& engine, float scale_x,
                          float scale_y);

}  // namespace lessonsim::app
