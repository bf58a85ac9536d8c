#include "lessonsim/calc/error.hpp"

namespace lessonsim::calc {

namespace {
const char* too_big = "the result is past 9.2 × 10^18 bytes, beyond anything a machine holds";
}

std::int64_t checked_mul(std::int64_t a, std::int64_t b) {
  std::int64_t out = 0;
  if (__builtin_mul_overflow(a, b, &out)) throw CalcError(too_big);
  return out;
}

std::int64_t checked_add(std::int64_t a, std::int64_t b) {
  std::int64_t out = 0;
  if (__builtin_add_overflow(a, b, &out)) throw CalcError(too_big);
  return out;
}

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
  return a / b + (a % b != 0 ? 1 : 0);
}

}  // namespace lessonsim::calc
