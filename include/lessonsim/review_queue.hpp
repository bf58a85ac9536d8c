// The order review items come in, and what a reviewed item becomes (its next date and variant).
#pragma once

#include <vector>

#include "lessonsim/journey.hpp"
#include "lessonsim/practice_run.hpp"

namespace lessonsim {

// Interleaves items from different lessons: taken in order of their due day, each next item is
// the earliest one from a lesson other than the last one's, while there is such an item.
std::vector<ReviewItem> interleave(std::vector<ReviewItem> items);

// The card after a review on `today`: FSRS moves its due day, and a practice item draws its next
// seed, so the next time brings fresh numbers while this time's seed stays in the log.
DueCard after_review(const DueCard& card, Rating rating, std::int64_t today,
                     const ReviewScheduler& scheduler);

// Saves a played practice item: the card with the rating its outcome gives, and the attempt
// (seed, moves, outcome) in the log. Returns the saved card, for its next due day.
// `statements` (xAPI) join the outbox in the card's transaction.
DueCard record_practice(ProgressStore& store, const ReviewItem& item, const PracticeRun& run,
                        std::int64_t today, const ReviewScheduler& scheduler,
                        const std::vector<nlohmann::json>& statements = {});

// A day number as YYYY-MM-DD, and back (nullopt when it is not such a date).
std::string iso_day(std::int64_t day);
std::optional<std::int64_t> parse_iso_day(const std::string& text);

}  // namespace lessonsim
