// The glossary panel: every term the learner has met, searchable, each with the lesson and step
// where it first appears (a click opens it there).
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>

#include "journey_view.hpp"
#include "rect.hpp"

namespace lessonsim::ui {

class GlossaryScreen {
 public:
  void frame(const JourneyView& view, JourneyRequests& out);
  std::optional<Rect> target(const std::string& name) const;
  void set_filter(const std::string& text);
  // How many terms the last frame listed (after the search).
  int shown() const { return shown_; }

 private:
  std::array<char, 128> filter_{};
  int shown_ = 0;
  std::map<std::string, Rect> targets_;
};

}  // namespace lessonsim::ui
