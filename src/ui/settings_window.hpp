// The Settings window (menu, S or F2): text size, theme, colour-blind-safe colours, reduced
// motion and the review's desired retention.
#pragma once

#include "lessonsim/settings.hpp"

#include <string_view>

namespace lessonsim::ui {

class SettingsWindow {
 public:
  void open() { open_ = true; }
  bool is_open() const { return open_ || shown_; }
  // Draws the window when open; true when the learner changed something in `settings`.
  bool frame(Settings& settings, std::string_view locale);

 private:
  bool open_ = false, shown_ = false;
  bool text_dragging_ = false;
  int text_percent_ = 100;
};

}  // namespace lessonsim::ui
