// Where a class's statements go: the LRS, its credentials' file and the learner, from the
// environment, the data folder's lrs.json or the course's `xapi` block, in that order.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "lessonsim/xapi.hpp"

namespace lessonsim::app {

// The activity IRI when none is set: `.invalid` never resolves, so a school sets its own.
inline constexpr const char* default_activity_iri = "https://lessonsim.invalid/activities/";
inline constexpr const char* lrs_settings_file = "lrs.json";

struct LrsConfig {
  std::string endpoint;   // the LRS's xAPI base, ending in '/'
  std::string auth_file;  // holds "key:secret" for Basic auth; empty: none
  xapi::Identity identity;
  // What is wrong with the settings (an endpoint that is no URL, ...), said once; with any of
  // these nothing is recorded for the LRS.
  std::vector<std::string> problems;

  // An endpoint and a learner: statements are written and sent.
  bool complete() const {
    return !endpoint.empty() && !identity.learner.empty() && problems.empty();
  }
};

// `course_dir`: the folder of the course's course.json (the lesson's folder), may be empty.
LrsConfig lrs_config(const std::filesystem::path& data_dir,
                     const std::filesystem::path& course_dir);

// Checks an endpoint: http or https, no user or password in it (credentials come from the auth
// file), plain http only to this machine (127.0.0.0/8, ::1, localhost), ending in '/'.
bool check_endpoint(const std::string& url, std::string& error);
// "https://host:port" of a URL.
std::string url_origin(const std::string& url);

// The "key:secret" in `file`. Refused, without reading it, when its group or others may read it.
bool read_credentials(const std::string& file, std::string& credentials, std::string& error);

}  // namespace lessonsim::app
