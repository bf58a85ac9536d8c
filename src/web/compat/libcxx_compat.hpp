// What the libc++ of Debian's emscripten 3.1.6 lacks of C++20 and the code uses: std::bit_cast
// and std::from_chars for double (libc++ gained both later). Force-included into every file of
// the browser build (src/web/deps.cmake), so the core compiles unchanged.
#pragma once

#include <bit>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <string>

namespace std {

#ifndef __cpp_lib_bit_cast
template <class To, class From>
constexpr To bit_cast(const From& from) noexcept {
  return __builtin_bit_cast(To, from);
}
#endif

// Parses as from_chars does: no leading space or '+', decimal or exponent form, "inf" and "nan",
// stopping where the number ends.
inline from_chars_result from_chars(const char* first, const char* last, double& value,
                                    chars_format = chars_format::general) {
  if (first == last || *first == '+' || *first == ' ' || *first == '\t' || *first == '\n')
    return {first, errc::invalid_argument};
  const char* digits = *first == '-' ? first + 1 : first;
  // strtod would read hexadecimal; from_chars reads "0x1" as 0 followed by "x1".
  if (last - digits >= 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
    value = *first == '-' ? -0.0 : 0.0;
    return {digits + 1, errc{}};
  }
  const string text(first, last);
  char* end = nullptr;
  errno = 0;
  const double parsed = strtod(text.c_str(), &end);
  if (end == text.c_str()) return {first, errc::invalid_argument};
  const char* ptr = first + (end - text.c_str());
  if (errno == ERANGE) return {ptr, errc::result_out_of_range};
  value = parsed;
  return {ptr, errc{}};
}

}  // namespace std
