// What the journey screens (course map, review, glossary, capability card) show and ask for.
// The app prepares the data (the UI reads no files) and carries out the requests.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lessonsim/capability_card.hpp"
#include "lessonsim/class_report.hpp"
#include "lessonsim/glossary.hpp"
#include "lessonsim/practice_run.hpp"
#include "lessonsim/review.hpp"

namespace lessonsim::ui {

enum class ScreenId { lesson, map, review, glossary, card, classroom };

// Instructor → Class: the class as the LRS has it, read by the app on its own thread.
struct ClassView {
  enum class State { not_set, reading, failed, ready } state = State::not_set;
  std::string lrs;    // the endpoint read from
  std::string error;  // failed: why
  ClassReport report;
};

struct JourneyView {
  std::string locale;
  std::vector<std::string> locales;  // the languages the course speaks
  std::string course_title;
  std::vector<PathEntry> path;
  std::vector<std::string> key_ideas;  // each path entry's, as its summary shows it; "" if none
  std::vector<ReviewItem> due;         // interleaved across lessons
  std::int64_t today = 0;
  // Practice items saved this session, "lesson/step" -> the day each comes back.
  std::map<std::string, std::int64_t> next_due;
  std::vector<GlossaryItem> glossary;  // in `locale`
  CapabilityCard card;
  std::string card_markdown_path, card_png_path;  // where the card was last written; may be empty
  std::string notice;                             // a one-time message (store damaged...)
  std::string status;  // "n statements waiting" while the LRS cannot take them; empty: none
  ClassView class_view;
};

// What a journey screen asks the app to do this frame; the app clears it after acting.
struct JourneyRequests {
  std::optional<ScreenId> go;
  std::string open_lesson;  // a lesson id, opened at `open_step` (empty: where the learner is)
  std::string open_step;
  std::string open_locale;     // the language to open it in (empty: the learner's, or the nearest)
  std::optional<Rating> rate;  // the front review card, rated
  std::string rated_lesson, rated_step;
  int rated_choice = -1;     // the answer given before rating it
  bool rated_right = false;  // and whether it was right (answer_is_right, the core's verdict)
  // The front practice item is over: the app saves it with the rating its run gives.
  const PracticeRun* practice_done = nullptr;
  bool write_card = false;
  bool read_class = false;  // Instructor → Class: read the class from the LRS again
  bool open_settings = false;
  std::string locale;  // the learner picked another language
  bool quit = false;
};

}  // namespace lessonsim::ui
