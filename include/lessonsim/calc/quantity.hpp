// Numbers as people type them ("7.5e9", "7.5B", "300M", "1T", "0.4") and as they read them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace lessonsim::calc {

// Suffixes K (10^3), M (10^6), B (10^9) and T (10^12), either case, after a decimal number with
// an optional exponent. Read exactly: "7.5B" is 7,500,000,000, not a rounded double.

// A whole count (parameters, tokens, GPUs, layers). Sets `error` and returns nullopt for text
// that is not a number, a fraction, or a count past 10^18.
std::optional<std::int64_t> parse_count(std::string_view text, std::string& error);

// A finite real amount (GB, TFLOP/s, a fraction of peak).
std::optional<double> parse_amount(std::string_view text, std::string& error);

// 2929688 -> "2,929,688".
std::string format_grouped(std::int64_t n);

// 7500000000 -> "7.5B", 1000000000000 -> "1T", 4096 -> "4,096": how sizes are said.
std::string format_count(std::int64_t n);

// `v` with `decimals` decimals; with three significant digits ("3.94e+70") when that would show
// nothing (below one unit of the last decimal) or more digits than anyone reads (10^15 and up).
std::string format_amount(double v, int decimals);

}  // namespace lessonsim::calc
