#include <catch2/catch.hpp>

#include "lessonsim/calc/quantity.hpp"

using namespace lessonsim::calc;

namespace {
std::optional<std::int64_t> count(const char* text) {
  std::string error;
  return parse_count(text, error);
}
}  // namespace

TEST_CASE("calc quantity: the spellings the issue names read exactly", "[calc]") {
  CHECK(count("7.5e9") == 7'500'000'000);
  CHECK(count("7.5B") == 7'500'000'000);
  CHECK(count("300M") == 300'000'000);
  CHECK(count("1T") == 1'000'000'000'000);
  CHECK(count("175b") == 175'000'000'000);
  CHECK(count("64") == 64);
  CHECK(count("1008B") == 1'008'000'000'000);
  CHECK(count("0.1B") == 100'000'000);  // exact, where 0.1 × 1e9 in doubles is not
  CHECK(count("1.5e3K") == 1'500'000);
  CHECK(count("-5") == -5);  // the caller decides whether a sign makes sense
}

TEST_CASE("calc quantity: text, fractions and huge counts are refused with a reason", "[calc]") {
  std::string error;
  CHECK_FALSE(parse_count("abc", error));
  CHECK_THAT(error, Catch::Contains("not a number") && Catch::Contains("7.5B"));
  CHECK_FALSE(parse_count("", error));
  CHECK_FALSE(parse_count("1.5", error));
  CHECK_THAT(error, Catch::Contains("whole number"));
  CHECK_FALSE(parse_count("7.5BB", error));
  CHECK_FALSE(parse_count("1e", error));
  CHECK_FALSE(parse_count("nan", error));
  CHECK_FALSE(parse_count("inf", error));
  CHECK_FALSE(parse_count("1.2.3", error));
  CHECK_FALSE(parse_count("0x10", error));
  CHECK_FALSE(parse_count(" 5", error));
  CHECK_FALSE(parse_count("1e19", error));
  CHECK_THAT(error, Catch::Contains("10^18"));
}

TEST_CASE("calc quantity: amounts are finite reals", "[calc]") {
  std::string error;
  CHECK(parse_amount("93.3", error) == Approx(93.3));
  CHECK(parse_amount("0.45", error) == Approx(0.45));
  CHECK(parse_amount("140", error) == 140.0);
  CHECK(parse_amount("1.5K", error) == 1500.0);
  CHECK(parse_amount("-2", error) == -2.0);
  CHECK_FALSE(parse_amount("1e400", error));
  CHECK_FALSE(parse_amount("NaN", error));
  CHECK_FALSE(parse_amount("ten", error));
}
