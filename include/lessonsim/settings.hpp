// The learner's preferences (window size, language, motion, comfort), kept across runs.
#pragma once

#include <filesystem>
#include <string>

namespace lessonsim {

struct Settings {
  int window_width = 1280;
  int window_height = 800;
  std::string locale;  // empty: the lesson's first locale
  bool reduce_motion = false;
  // Comfort and review (kept in the progress store's settings table; see settings_store.hpp).
  int text_percent = 100;          // 100 .. 200
  std::string theme = "light";     // light, dark, high_contrast
  bool colour_safe = false;        // Okabe-Ito colours for slices and ok / warn states
  double desired_retention = 0.9;  // 0.70 .. 0.97

  bool operator==(const Settings&) const = default;
};

// `$XDG_DATA_HOME/lessonsim`, else `~/.local/share/lessonsim`; `override_dir` wins when given.
std::filesystem::path data_dir(const std::string& override_dir = {});

// The settings in `dir`; defaults when the file is missing. A broken or half-written file never
// fails: `warning` says what was ignored and the defaults stand in for it.
Settings load_settings(const std::filesystem::path& dir, std::string* warning = nullptr);

// Writes the settings atomically (temp file, fsync, rename), creating `dir` when needed.
bool save_settings(const std::filesystem::path& dir, const Settings& settings, std::string& error);

// Writes `text` to `path` so that a crash leaves either the old file or the new one, never half.
bool write_file_atomically(const std::filesystem::path& path, const std::string& text,
                           std::string& error);

}  // namespace lessonsim
