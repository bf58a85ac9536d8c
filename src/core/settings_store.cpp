#include "lessonsim/settings_store.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace lessonsim {

namespace {

constexpr const char* migrated_key = "settings_migrated";

int to_int(const std::optional<std::string>& v, int fallback) {
  if (!v) return fallback;
  char* end = nullptr;
  long n = std::strtol(v->c_str(), &end, 10);
  return end && *end == '\0' && !v->empty() ? static_cast<int>(std::clamp(n, -100000L, 100000L))
                                            : fallback;
}

double to_double(const std::optional<std::string>& v, double fallback) {
  if (!v) return fallback;
  char* end = nullptr;
  double d = std::strtod(v->c_str(), &end);
  return end && *end == '\0' && !v->empty() && std::isfinite(d) ? d : fallback;
}

}  // namespace

Settings clamped(Settings s) {
  Settings defaults;
  if (s.text_percent < min_text_percent || s.text_percent > max_text_percent) {
    s.text_percent = defaults.text_percent;
  }
  if (s.theme != "light" && s.theme != "dark" && s.theme != "high_contrast") {
    s.theme = defaults.theme;
  }
  if (!(s.desired_retention >= min_retention && s.desired_retention <= max_retention)) {
    s.desired_retention = defaults.desired_retention;
  }
  if (s.window_width < 320 || s.window_width > 16384) s.window_width = defaults.window_width;
  if (s.window_height < 200 || s.window_height > 16384) s.window_height = defaults.window_height;
  return s;
}

Settings load_settings(ProgressStore& store, const std::filesystem::path& dir,
                       std::string* warning) {
  if (!store.setting(migrated_key)) {
    Settings from_file = load_settings(dir, warning);
    save_settings(store, from_file);
    return clamped(from_file);
  }
  Settings s;
  s.window_width = to_int(store.setting("window_width"), s.window_width);
  s.window_height = to_int(store.setting("window_height"), s.window_height);
  s.locale = store.setting("locale").value_or("");
  s.reduce_motion = store.setting("reduce_motion").value_or("0") == "1";
  s.text_percent = to_int(store.setting("text_percent"), s.text_percent);
  s.theme = store.setting("theme").value_or(s.theme);
  s.colour_safe = store.setting("colour_safe").value_or("0") == "1";
  s.desired_retention = to_double(store.setting("desired_retention"), s.desired_retention);
  return clamped(s);
}

void save_settings(ProgressStore& store, const Settings& s) {
  char retention[32];
  std::snprintf(retention, sizeof retention, "%.2f", s.desired_retention);
  // One transaction, so one sync to disk rather than one a setting (a first start's migration).
  store.set_settings({{"window_width", std::to_string(s.window_width)},
                      {"window_height", std::to_string(s.window_height)},
                      {"locale", s.locale},
                      {"reduce_motion", s.reduce_motion ? "1" : "0"},
                      {"text_percent", std::to_string(s.text_percent)},
                      {"theme", s.theme},
                      {"colour_safe", s.colour_safe ? "1" : "0"},
                      {"desired_retention", retention},
                      {migrated_key, "1"}});
}

}  // namespace lessonsim
