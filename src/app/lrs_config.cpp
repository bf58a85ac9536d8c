#include "lrs_config.hpp"

#include <sys/stat.h>

#include <cstdlib>

#include <nlohmann/json.hpp>

#include "lessonsim/bounded_read.hpp"

namespace lessonsim::app {

namespace fs = std::filesystem;

namespace {

std::string lrs_env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

// The JSON object in `path`, or an empty one when there is no such file; a file that is there
// but broken is a problem, said.
nlohmann::json lrs_json_file(const fs::path& path, std::vector<std::string>& problems) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return nlohmann::json::object();
  std::string text, error;
  if (!read_file(path, text, error)) {
    problems.push_back(path.string() + ": the file " + error);
    return nlohmann::json::object();
  }
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object()) {
    problems.push_back(path.string() + ": not a JSON object");
    return nlohmann::json::object();
  }
  return j;
}

void take(const nlohmann::json& from, const char* key, std::string& into) {
  auto it = from.find(key);
  if (it != from.end() && it->is_string() && !it->get<std::string>().empty())
    into = it->get<std::string>();
}

}  // namespace

std::string url_origin(const std::string& url) {
  auto scheme = url.find("://");
  if (scheme == std::string::npos) return {};
  auto path = url.find('/', scheme + 3);
  return path == std::string::npos ? url : url.substr(0, path);
}

bool check_endpoint(const std::string& url, std::string& error) {
  bool https = url.starts_with("https://"), http = url.starts_with("http://");
  if (!https && !http) {
    error = "the LRS endpoint must be an http:// or https:// URL";
    return false;
  }
  std::string origin = url_origin(url);
  std::string authority = origin.substr(origin.find("://") + 3);
  if (authority.empty()) {
    error = "the LRS endpoint has no host";
    return false;
  }
  if (authority.find('@') != std::string::npos) {
    error =
        "the LRS endpoint must not hold a user or password: put \"key:secret\" in the file "
        "LESSONSIM_LRS_AUTH_FILE names";
    return false;
  }
  if (http) {
    std::string host = authority[0] == '[' ? authority.substr(0, authority.find(']') + 1)
                                           : authority.substr(0, authority.find(':'));
    bool loopback = host == "localhost" || host == "[::1]" || host.starts_with("127.");
    if (!loopback) {
      error = "plain http is for an LRS on this machine only: use https:// (TLS, verified)";
      return false;
    }
  }
  if (!url.ends_with("/")) {
    error = "the LRS endpoint must end in '/' (e.g. https://lrs.example.org/xapi/)";
    return false;
  }
  return true;
}

bool read_credentials(const std::string& file, std::string& credentials, std::string& error) {
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0) {
    error = "the LRS credentials file cannot be read";
    return false;
  }
  if (st.st_mode & (S_IRWXG | S_IRWXO)) {
    error = "the LRS credentials file may be read by others: chmod 600 it";
    return false;
  }
  std::string text;
  if (!read_file(file, text, error, 4096)) {
    error = "the LRS credentials file " + error;
    return false;
  }
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
    text.pop_back();
  if (text.find(':') == std::string::npos || text.find('\n') != std::string::npos) {
    error = "the LRS credentials file must hold one line, key:secret";
    return false;
  }
  credentials = std::move(text);
  return true;
}

LrsConfig lrs_config(const fs::path& data_dir, const fs::path& course_dir) {
  LrsConfig c;
  xapi::Identity& id = c.identity;
  id.activity_iri = default_activity_iri;
  id.course_id = "course";
  // Lowest first: the course's block, then the data folder's file, then the environment.
  if (!course_dir.empty()) {
    nlohmann::json course = lrs_json_file(course_dir / "course.json", c.problems);
    take(course, "id", id.course_id);
    if (auto x = course.find("xapi"); x != course.end() && x->is_object()) {
      take(*x, "endpoint", c.endpoint);
      take(*x, "activity_iri", id.activity_iri);
      take(*x, "home_page", id.home_page);
    }
  }
  nlohmann::json file = lrs_json_file(data_dir / lrs_settings_file, c.problems);
  take(file, "endpoint", c.endpoint);
  take(file, "auth_file", c.auth_file);
  take(file, "learner", id.learner);
  take(file, "activity_iri", id.activity_iri);
  take(file, "home_page", id.home_page);
  if (std::string v = lrs_env("LESSONSIM_LRS_URL"); !v.empty()) c.endpoint = v;
  if (std::string v = lrs_env("LESSONSIM_LRS_AUTH_FILE"); !v.empty()) c.auth_file = v;
  if (std::string v = lrs_env("LESSONSIM_LEARNER"); !v.empty()) id.learner = v;
  if (c.endpoint.empty()) return c;
  std::string error;
  if (!check_endpoint(c.endpoint, error)) c.problems.push_back(error);
  if (!id.activity_iri.ends_with("/")) id.activity_iri += "/";
  if (id.home_page.empty()) id.home_page = url_origin(c.endpoint);
  return c;
}

}  // namespace lessonsim::app
