// The one error the calculator reports: inputs that make no sense, or a size past 64-bit bytes.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace lessonsim::calc {

// Thrown by every calculator function for input no real setup can have; the message is written
// for the person who typed the input, so the command line prints it as is.
class CalcError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Exact integer arithmetic that refuses to wrap around: a result past 2^63 bytes is an error,
// never a silently wrong number.
std::int64_t checked_mul(std::int64_t a, std::int64_t b);
std::int64_t checked_add(std::int64_t a, std::int64_t b);
std::int64_t ceil_div(std::int64_t a, std::int64_t b);  // a >= 0, b > 0

}  // namespace lessonsim::calc
