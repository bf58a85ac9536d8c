// Spaced review: when a finished lesson's questions come back, scheduled with FSRS-4.5.
#pragma once

#include <cstdint>

namespace lessonsim {

// How the learner rates their recall of a question: again (forgot) ... easy.
enum class Rating { again = 1, hard = 2, good = 3, easy = 4 };

// A question's memory state. `due` and `last_review` are days since the Unix epoch; the clock is
// always a parameter, so tests can move time.
struct ReviewCard {
  double stability = 0;   // days for recall to fall to 90%
  double difficulty = 0;  // 1 (easy) .. 10 (hard)
  std::int64_t due = 0;
  std::int64_t last_review = -1;  // -1: never reviewed
  int reps = 0;
  int lapses = 0;
};

struct SchedulerOptions {
  double desired_retention = 0.9;  // kept within 0.70 .. 0.97
  std::int64_t maximum_interval = 36500;
};

// FSRS-4.5 with its published default parameters (open-spaced-repetition, "The Algorithm"):
// R(t, S) = (1 + 19/81 · t/S)^-0.5, and the interval for retention r is S · 81/19 · (r^-2 - 1).
class ReviewScheduler {
 public:
  explicit ReviewScheduler(SchedulerOptions options = {});

  // The card after the learner rated it on day `today`. Its next review comes later for a
  // better rating: hard < good < easy, whatever the card and the day (ts-fsrs's rule).
  ReviewCard review(const ReviewCard& card, Rating rating, std::int64_t today) const;
  // The probability of recall on day `today`.
  double retrievability(const ReviewCard& card, std::int64_t today) const;
  // Whole days until the next review for a stability (at least 1).
  std::int64_t interval(double stability) const;
  double desired_retention() const { return options_.desired_retention; }

 private:
  struct Memory {
    double stability = 0;
    double difficulty = 0;
  };
  // FSRS-4.5's stability and difficulty after `rating` on `today`.
  Memory next_memory(const ReviewCard& card, Rating rating, std::int64_t today) const;
  // The days until the review after this one, the ratings kept in order.
  std::int64_t days_until_next(const ReviewCard& card, Rating rating, std::int64_t today) const;

  SchedulerOptions options_;
};

// Today as days since the Unix epoch, from the system clock (the app's clock; tests pass their
// own).
std::int64_t today_utc();

}  // namespace lessonsim
