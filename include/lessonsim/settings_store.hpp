// The learner's settings in the progress store's settings table; settings.json is read once, to
// migrate from the versions that kept them there.
#pragma once

#include <filesystem>

#include "lessonsim/progress.hpp"
#include "lessonsim/settings.hpp"

namespace lessonsim {

inline constexpr int min_text_percent = 100, max_text_percent = 200;
inline constexpr double min_retention = 0.70, max_retention = 0.97;

// The settings from the store. When the store has none yet and `dir` holds a settings.json, that
// file's settings are copied into the store (once) and used. Values out of range fall back to
// their defaults.
Settings load_settings(ProgressStore& store, const std::filesystem::path& dir,
                       std::string* warning = nullptr);

void save_settings(ProgressStore& store, const Settings& settings);

// `s` with every value brought within its range.
Settings clamped(Settings s);

}  // namespace lessonsim
