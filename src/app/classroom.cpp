#include "classroom.hpp"

#include <iostream>

namespace lessonsim::app {

void say_delivery(BackgroundSender& sender, const std::string& endpoint) {
  sender.flush(std::chrono::seconds(15));
  std::cerr << "lessonsim: xAPI: " << sender.sent() << " statement(s) sent to " << endpoint;
  if (sender.waiting() > 0) {
    std::cerr << "; " << sender.waiting() << " waiting (" << sender.problem()
              << "): lessonsim sync sends them";
  }
  std::cerr << '\n';
}

bool lrs_credentials(const LrsConfig& config, std::string& credentials, std::string& error) {
  credentials.clear();
  return config.auth_file.empty() || read_credentials(config.auth_file, credentials, error);
}

Classroom join_class(ProgressStore& store, const std::filesystem::path& data_dir,
                     const std::filesystem::path& course_dir) {
  Classroom c;
  c.config = lrs_config(data_dir, course_dir);
  if (c.config.endpoint.empty()) return c;
  if (!c.config.problems.empty()) {
    c.problem = c.config.problems.front();
    return c;
  }
  if (c.config.identity.learner.empty()) {
    c.problem =
        "no learner name (LESSONSIM_LEARNER, or \"learner\" in lrs.json): nothing is "
        "recorded for the LRS";
    return c;
  }
  if (!store.persistent()) {
    c.problem = "progress is not saved in a file, so nothing is recorded for the LRS";
    return c;
  }
  std::string credentials, error;
  if (!lrs_credentials(c.config, credentials, error)) {
    c.problem = error;
    return c;
  }
  xapi::Identity& id = c.config.identity;
  xapi::UuidSource uuids;
  id.registration =
      store.registration(id.course_id + " " + id.home_page + " " + id.learner, uuids.next());
  c.maker = std::make_unique<xapi::StatementMaker>(id);
  c.sender =
      std::make_unique<BackgroundSender>(data_dir, c.config.endpoint, std::move(credentials));
  return c;
}

}  // namespace lessonsim::app
