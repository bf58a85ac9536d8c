// Reading one machine setting from a lesson's JSON, with the message a lesson author reads.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace lessonsim::machines {

// Each returns what is wrong with `value`, or an empty string after storing it in `out`.
std::string read_integer(const nlohmann::json& value, std::int64_t lo, std::int64_t hi,
                         std::int64_t& out);
std::string read_real(const nlohmann::json& value, double lo, double hi, double& out);
std::string read_flag(const nlohmann::json& value, bool& out);

}  // namespace lessonsim::machines
