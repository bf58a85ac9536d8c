#include "lessonsim/review.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace lessonsim {

namespace {

// FSRS-4.5 default parameters w0..w16.
constexpr double w[17] = {0.4872, 1.4003, 3.7145, 13.8206, 5.1618, 1.2298, 0.8975, 0.031, 1.6474,
                          0.1367, 1.0461, 2.1072, 0.0793,  0.3246, 1.587,  0.2272, 2.8755};
constexpr double decay = -0.5;
constexpr double factor = 19.0 / 81.0;  // 0.9^(1/decay) - 1, so that R(S, S) = 0.9

double clamp_difficulty(double d) {
  return std::clamp(d, 1.0, 10.0);
}

double initial_difficulty(Rating g) {
  return clamp_difficulty(w[4] - (static_cast<int>(g) - 3) * w[5]);
}

}  // namespace

ReviewScheduler::ReviewScheduler(SchedulerOptions options) : options_(options) {
  options_.desired_retention = std::clamp(options_.desired_retention, 0.70, 0.97);
  options_.maximum_interval = std::max<std::int64_t>(1, options_.maximum_interval);
}

double ReviewScheduler::retrievability(const ReviewCard& card, std::int64_t today) const {
  if (card.last_review < 0 || card.stability <= 0) return 0;
  double elapsed = static_cast<double>(std::max<std::int64_t>(0, today - card.last_review));
  return std::pow(1 + factor * elapsed / card.stability, decay);
}

std::int64_t ReviewScheduler::interval(double stability) const {
  double r = options_.desired_retention;
  double days = stability / factor * (std::pow(r, 1 / decay) - 1);
  return std::clamp<std::int64_t>(std::llround(days), 1, options_.maximum_interval);
}

ReviewScheduler::Memory ReviewScheduler::next_memory(const ReviewCard& card, Rating rating,
                                                     std::int64_t today) const {
  const int g = static_cast<int>(rating);
  Memory next;
  if (card.last_review < 0) {
    next.stability = w[g - 1];
    next.difficulty = initial_difficulty(rating);
  } else {
    const double r = retrievability(card, today);
    const double d = card.difficulty;
    next.difficulty = clamp_difficulty(w[7] * initial_difficulty(Rating::good) +
                                       (1 - w[7]) * (d - w[6] * (g - 3)));
    if (rating == Rating::again) {
      next.stability = w[11] * std::pow(d, -w[12]) * (std::pow(card.stability + 1, w[13]) - 1) *
                       std::exp(w[14] * (1 - r));
    } else {
      const double hard = rating == Rating::hard ? w[15] : 1;
      const double easy = rating == Rating::easy ? w[16] : 1;
      next.stability =
          card.stability * (std::exp(w[8]) * (11 - d) * std::pow(card.stability, -w[9]) *
                                (std::exp(w[10] * (1 - r)) - 1) * hard * easy +
                            1);
    }
  }
  next.stability = std::clamp(next.stability, 0.01, 36500.0);
  return next;
}

std::int64_t ReviewScheduler::days_until_next(const ReviewCard& card, Rating rating,
                                              std::int64_t today) const {
  if (rating == Rating::again) return interval(next_memory(card, rating, today).stability);
  // The ratings stay in order, as ts-fsrs keeps them: hard no later than good, good at least a
  // day after hard, easy at least a day after good. Rounding alone can give hard = good (at 97%
  // retention every first hard and good come back the next day), and on a same-day review the
  // three stabilities are equal: a "good" that returns no later than "hard" defeats the rating.
  std::int64_t hard = interval(next_memory(card, Rating::hard, today).stability);
  std::int64_t good = interval(next_memory(card, Rating::good, today).stability);
  hard = std::min(hard, good);
  good = std::max(good, hard + 1);
  if (rating == Rating::hard) return hard;
  if (rating == Rating::good) return good;
  return std::max(interval(next_memory(card, Rating::easy, today).stability), good + 1);
}

ReviewCard ReviewScheduler::review(const ReviewCard& card, Rating rating,
                                   std::int64_t today) const {
  ReviewCard next = card;
  const Memory memory = next_memory(card, rating, today);
  next.stability = memory.stability;
  next.difficulty = memory.difficulty;
  if (rating == Rating::again && card.last_review >= 0) next.lapses += 1;
  next.reps += 1;
  next.last_review = today;
  next.due = today + days_until_next(card, rating, today);
  return next;
}

std::int64_t today_utc() {
  using namespace std::chrono;
  return duration_cast<days>(system_clock::now().time_since_epoch()).count();
}

}  // namespace lessonsim
