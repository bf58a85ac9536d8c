#include <catch2/catch.hpp>

#include "lessonsim/review.hpp"

using namespace lessonsim;

// Expected figures worked by hand from FSRS-4.5's published formulas and default parameters.
TEST_CASE("review: first ratings give FSRS-4.5's initial intervals", "[review]") {
  ReviewScheduler s;
  const std::int64_t day = 20000;
  ReviewCard fresh;
  CHECK(s.review(fresh, Rating::again, day).due == day + 1);  // S = 0.4872 -> at least 1 day
  CHECK(s.review(fresh, Rating::hard, day).due == day + 1);   // S = 1.4003
  CHECK(s.review(fresh, Rating::good, day).due == day + 4);   // S = 3.7145
  CHECK(s.review(fresh, Rating::easy, day).due == day + 14);  // S = 13.8206
  CHECK(s.review(fresh, Rating::good, day).difficulty == Approx(5.1618));
  CHECK(s.review(fresh, Rating::easy, day).difficulty == Approx(5.1618 - 1.2298));
}

TEST_CASE("review: a good review on the due day grows stability as FSRS-4.5 says", "[review]") {
  ReviewScheduler s;
  ReviewCard c = s.review({}, Rating::good, 100);
  // Reviewed 4 days later: R = (1 + 19/81 * 4 / 3.7145)^-0.5 = 0.8935
  CHECK(s.retrievability(c, 104) == Approx(0.8935).epsilon(1e-3));
  ReviewCard again = s.review(c, Rating::good, 104);
  // S' = S * (e^w8 * (11 - D) * S^-w9 * (e^(w10 (1 - R)) - 1) + 1) = 14.81 days
  CHECK(again.stability == Approx(14.81).epsilon(1e-3));
  CHECK(again.due == 104 + 15);
  CHECK(again.reps == 2);
  ReviewCard forgot = s.review(again, Rating::again, 119);
  CHECK(forgot.lapses == 1);
  CHECK(forgot.stability < again.stability);
  CHECK(forgot.difficulty > again.difficulty);
}

TEST_CASE("review: desired retention changes the interval and stays in range", "[review]") {
  CHECK(ReviewScheduler({0.9}).interval(10) == 10);  // at 90% the interval is the stability
  CHECK(ReviewScheduler({0.8}).interval(10) > 10);
  CHECK(ReviewScheduler({0.95}).interval(10) < 10);
  CHECK(ReviewScheduler({0.5}).desired_retention() == 0.70);
  CHECK(ReviewScheduler({0.99}).desired_retention() == 0.97);
}
