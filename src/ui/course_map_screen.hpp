// The home screen: the course's path, each lesson done / in progress / next / later (icon and
// word, never colour alone), with Review, Glossary and Capability card entries.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "journey_view.hpp"
#include "rect.hpp"

namespace lessonsim::ui {

class CourseMapScreen {
 public:
  void frame(const JourneyView& view, JourneyRequests& out);
  // Where a named target (lesson:<id>, continue, review, glossary, card) was drawn last frame.
  std::optional<Rect> target(const std::string& name) const;

 private:
  void entries(const JourneyView& view, JourneyRequests& out);
  void lesson_card(const JourneyView& view, int index, float width, JourneyRequests& out);
  void offer_languages(const Lesson& lesson, std::string_view loc, JourneyRequests& out);
  std::map<std::string, Rect> targets_;
};

// The icon and word for a lesson's state in `locale` ("✓ Hecha", "● In progress"...).
std::string state_label(LessonState state, std::string_view locale);

}  // namespace lessonsim::ui
