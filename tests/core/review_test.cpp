#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <string>

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

namespace {

// A review day after `card`'s last one: the same day, early, on the due day or late.
std::int64_t some_day(const ReviewCard& card, std::mt19937& random) {
  const std::int64_t interval = card.due - card.last_review;
  switch (std::uniform_int_distribution<int>(0, 3)(random)) {
    case 0:
      return card.last_review;
    case 1:
      return card.last_review + std::uniform_int_distribution<std::int64_t>(1, interval)(random);
    case 2:
      return card.due;
    default:
      return card.due + std::uniform_int_distribution<std::int64_t>(1, 3 * interval)(random);
  }
}

}  // namespace

TEST_CASE("review: hard comes back before good, and good before easy, for every card and day",
          "[review]") {
  const Rating ratings[] = {Rating::again, Rating::hard, Rating::good, Rating::easy};
  for (double retention : {0.70, 0.90, 0.97}) {
    INFO("retention " << retention);
    ReviewScheduler s({retention});
    std::mt19937 random(7);
    int reviews = 0, out_of_order = 0;
    std::string first;
    while (reviews < 12000) {
      ReviewCard card;
      std::int64_t today = 20000;
      for (int k = 0; k < 12; ++k, ++reviews) {
        const std::int64_t hard = s.review(card, Rating::hard, today).due;
        const std::int64_t good = s.review(card, Rating::good, today).due;
        const std::int64_t easy = s.review(card, Rating::easy, today).due;
        if (!(today < hard && hard < good && good < easy)) {
          if (out_of_order++ == 0) {
            first =
                (card.reps == 0
                     ? std::string("a first review")
                     : "S " + std::to_string(card.stability) + ", day " +
                           std::to_string(today - card.last_review) + " after the last review") +
                ": hard " + std::to_string(hard - today) + ", good " +
                std::to_string(good - today) + ", easy " + std::to_string(easy - today) + " days";
          }
        }
        card = s.review(card, ratings[std::uniform_int_distribution<int>(0, 3)(random)], today);
        today = some_day(card, random);
      }
    }
    INFO("first out of order: " << first);
    CHECK(reviews >= 10000);
    CHECK(out_of_order == 0);
  }
}

TEST_CASE("review: stability, difficulty and days agree with ts-fsrs 3.5.7's reference table",
          "[review]") {
  // tests/core/data/fsrs_reference.json: random histories played through ts-fsrs (npm) with
  // these weights and no fuzz; scripts/fsrs-reference regenerates it.
  std::ifstream in(std::filesystem::path(LESSONSIM_SOURCE_DIR) / "tests/core/data" /
                   "fsrs_reference.json");
  REQUIRE(in);
  const nlohmann::json table = nlohmann::json::parse(in);
  int compared = 0, days = 0;
  std::set<double> retentions;
  for (const auto& history : table.at("histories")) {
    const double retention = history.at("retention");
    retentions.insert(retention);
    ReviewScheduler s({retention});
    ReviewCard card;
    for (const auto& r : history.at("reviews")) {
      const std::int64_t today = r.at("day");
      card = s.review(card, static_cast<Rating>(r.at("rating").get<int>()), today);
      INFO("retention " << retention << ", review " << r.dump());
      CHECK(card.stability == Approx(r.at("stability").get<double>()).margin(5e-5));
      CHECK(card.difficulty == Approx(r.at("difficulty").get<double>()).margin(5e-5));
      if (!r.at("days").is_null()) {
        CHECK(card.due - today == r.at("days").get<std::int64_t>());
        ++days;
      }
      ++compared;
    }
  }
  CHECK(retentions == std::set<double>{0.7, 0.8, 0.9, 0.95, 0.97});
  CHECK(compared > 1000);
  CHECK(days > 800);
}
