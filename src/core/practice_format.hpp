// Reading an operate step's `practice` (lesson format): the loader's one hook into practice.
#pragma once

#include <string>

#include "loader_support.hpp"

namespace lessonsim::detail {

// Reads `practice` into `step.practice`, reporting every problem located; `step.setup` is read.
void read_practice(const JsonNode& node, const std::string& pointer, LoadContext& ctx,
                   const Lesson& lesson, Step& step);

}  // namespace lessonsim::detail
