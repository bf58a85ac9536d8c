// Reads a course's statements back from an LRS: GET /statements by activity and verb, `more`.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lessonsim/class_report.hpp"
#include "lrs_client.hpp"
#include "lrs_config.hpp"

namespace lessonsim::app {

// The most statements one report reads, so a runaway LRS (a `more` that never ends) cannot hold
// the command.
inline constexpr std::size_t max_class_statements = 2'000'000;

// Every statement about the course `identity` names with one of the verbs a report reads,
// following `more` on the endpoint's origin only; `since` (ISO 8601) when not empty. False with
// `error` on a failed request or an answer that is not a statement result.
bool fetch_class(LrsClient& client, const xapi::Identity& identity, const std::string& since,
                 std::vector<nlohmann::json>& statements, std::string& error);

// The lesson ids in the course's order, from `course_dir`/course.json alone.
std::vector<std::string> class_lesson_order(const std::filesystem::path& course_dir);

struct ClassRead {
  bool ok = false;
  std::string error;
  ClassReport report;
};
// The whole read, as `lessonsim class` and Instructor → Class do it: the credentials the
// settings name, every statement of the course, the report in the course's order.
ClassRead read_class(const std::string& lrs, const LrsConfig& config,
                     const std::filesystem::path& course_dir, const std::string& since = {});

}  // namespace lessonsim::app
