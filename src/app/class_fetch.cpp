#include "class_fetch.hpp"

#include <cctype>

#include "classroom.hpp"
#include "lessonsim/bounded_read.hpp"

namespace lessonsim::app {

namespace {

std::string query_escape(const std::string& s) {
  std::string out;
  static const char* hex = "0123456789ABCDEF";
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

}  // namespace

bool fetch_class(LrsClient& client, const xapi::Identity& identity, const std::string& since,
                 std::vector<nlohmann::json>& statements, std::string& error) {
  const std::string origin = url_origin(client.endpoint());
  for (const char* verb : {xapi::verb_initialized, xapi::verb_completed, xapi::verb_answered}) {
    std::string url = client.endpoint() +
                      "statements?activity=" + query_escape(identity.course_activity()) +
                      "&related_activities=true&limit=2000&verb=" + query_escape(verb);
    if (!since.empty()) url += "&since=" + query_escape(since);
    while (!url.empty()) {
      HttpAnswer a = client.get(url);
      if (a.status != 200) {
        error = a.status == 0 ? "the LRS cannot be reached (" + a.error + ")"
                              : "the LRS answered HTTP " + std::to_string(a.status);
        return false;
      }
      nlohmann::json page = nlohmann::json::parse(a.body, nullptr, false);
      if (!page.is_object() || !page.contains("statements") || !page["statements"].is_array()) {
        error = "the LRS's answer is not a statement result";
        return false;
      }
      for (auto& s : page["statements"])
        statements.push_back(std::move(s));
      if (statements.size() > max_class_statements) {
        error = "the LRS holds more than " + std::to_string(max_class_statements) +
                " statements for this course: narrow it with --since";
        return false;
      }
      std::string more = page.value("more", std::string());
      // `more` is a path on the LRS; the credentials never go to another origin.
      if (more.starts_with("/")) {
        url = origin + more;
      } else if (more.empty()) {
        url.clear();
      } else if (url_origin(more) == origin) {
        url = more;
      } else {
        error = "the LRS's `more` link leads to another site; not followed";
        return false;
      }
    }
  }
  return true;
}

std::vector<std::string> class_lesson_order(const std::filesystem::path& course_dir) {
  std::vector<std::string> order;
  std::string text, error;
  if (!read_file(course_dir / "course.json", text, error)) return order;
  nlohmann::json course = nlohmann::json::parse(text, nullptr, false);
  if (!course.is_object() || !course.contains("lessons") || !course["lessons"].is_array())
    return order;
  for (const auto& l : course["lessons"]) {
    if (l.is_object() && l.contains("id") && l["id"].is_string()) order.push_back(l["id"]);
  }
  return order;
}

ClassRead read_class(const std::string& lrs, const LrsConfig& config,
                     const std::filesystem::path& course_dir, const std::string& since) {
  ClassRead out;
  std::string credentials;
  if (!lrs_credentials(config, credentials, out.error)) return out;
  LrsClient client(lrs, std::move(credentials));
  std::vector<nlohmann::json> statements;
  if (!fetch_class(client, config.identity, since, statements, out.error)) return out;
  out.report = class_report(statements, config.identity, class_lesson_order(course_dir));
  out.ok = true;
  return out;
}

}  // namespace lessonsim::app
