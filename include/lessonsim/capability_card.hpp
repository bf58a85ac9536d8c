// The capability card: what the learner can now explain, lesson by lesson, with the date.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "lessonsim/journey.hpp"

namespace lessonsim {

struct CapabilityCard {
  std::string locale;
  std::string course_title;
  std::string date;  // ISO, the day the card was made
  struct Line {
    std::string title;
    std::string can_do;
    std::string done_at;
  };
  std::vector<Line> lines;  // the done lessons, in course order
  int lessons_in_course = 0;
  bool complete() const {
    return lessons_in_course > 0 && static_cast<int>(lines.size()) == lessons_in_course;
  }
};

CapabilityCard capability_card(const Course& course, const std::vector<PathEntry>& path,
                               std::string_view locale, std::string date);

// The card as Markdown, ready to save as card.md.
std::string card_markdown(const CapabilityCard& card);

// Today's date as YYYY-MM-DD (UTC), for the card.
std::string today_iso();

// The card's fixed words in its locale (heading, "what you can explain"...), from the catalog.
struct CardWords {
  const char* heading;
  const char* none_yet;
  const char* made_on;
};
CardWords card_words(std::string_view locale);

// "3 of 8 lessons done" in the locale.
std::string card_progress(int done, int total, std::string_view locale);

}  // namespace lessonsim
