// A screen's picture and its step's facts as the JSON `lessonsim shot --marks` writes (the
// layout in docs: marks, views, texts, plots, the step), and read back for the rules.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "screen_rules.hpp"

namespace lessonsim::ui {

// Every rectangle scaled by (sx, sy): framebuffer pixels from the window's.
nlohmann::json picture_json(const Picture& picture, const ScreenFacts& facts, float sx = 1,
                            float sy = 1);

// The picture and facts a dump holds; false, with `error` saying what is missing or malformed.
bool picture_from_json(const nlohmann::json& dump, Picture& picture, ScreenFacts& facts,
                       std::string& error);

}  // namespace lessonsim::ui
