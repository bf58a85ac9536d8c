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
  CHECK(count("999999999999999999") == 999'999'999'999'999'999);
}

TEST_CASE("calc quantity: numbers as the command line prints them", "[calc]") {
  CHECK(format_grouped(2929688) == "2,929,688");
  CHECK(format_grouped(-1000) == "-1,000");
  CHECK(format_grouped(999) == "999");
  CHECK(format_count(7'500'000'000) == "7.5B");
  CHECK(format_count(1'000'000'000'000) == "1T");
  CHECK(format_count(300'000'000) == "300M");
  CHECK(format_count(4096) == "4,096");
  CHECK(format_amount(31.40625, 2) == "31.41");
  CHECK(format_amount(1.875, 2) == "1.88");
  CHECK(format_amount(0, 2) == "0.00");
  CHECK(format_amount(1e-9, 2) == "1e-09");
  CHECK(format_amount(3.94e70, 1) == "3.94e+70");
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
