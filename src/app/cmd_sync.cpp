// `lessonsim sync`: sends the xAPI outbox to the LRS now and says what it sent.
#include <iostream>

#include "classroom.hpp"
#include "commands.hpp"
#include "lessonsim/outbox.hpp"
#include "lessonsim/settings.hpp"
#include "lessonsim/share_dir.hpp"

namespace lessonsim::app {

void add_sync_command(CLI::App& root, int& exit_code) {
  auto* cmd = root.add_subcommand("sync", "Send the statements waiting for the LRS (xAPI) now");
  static std::string dir, course;
  cmd->add_option("--data-dir", dir, "Where progress is kept (default: $XDG_DATA_HOME/lessonsim)");
  cmd->add_option("--course", course,
                  "The course's folder, for its LRS settings (default: the installed lessons)");
  cmd->callback([&exit_code] {
    std::filesystem::path data = data_dir(dir);
    // Opening the store migrates it, so an outbox exists even before the first statement.
    std::string notice;
    auto store = ProgressStore::open(data, notice);
    if (!notice.empty()) std::cerr << "lessonsim: progress: " << notice << '\n';
    LrsConfig config =
        lrs_config(data, course.empty() ? lessons_dir() : std::filesystem::path(course));
    if (config.endpoint.empty()) {
      std::cerr << "lessonsim: sync: no LRS is set (LESSONSIM_LRS_URL, or \"endpoint\" in "
                << (data / lrs_settings_file).string() << ")\n";
      exit_code = exit_usage;
      return;
    }
    if (!config.problems.empty()) {
      std::cerr << "lessonsim: sync: " << config.problems.front() << '\n';
      exit_code = exit_usage;
      return;
    }
    std::string credentials, error;
    if (!lrs_credentials(config, credentials, error)) {
      std::cerr << "lessonsim: sync: " << error << '\n';
      exit_code = exit_environment;
      return;
    }
    std::unique_ptr<Outbox> box = store->persistent() ? Outbox::open(data, error) : nullptr;
    if (!box) {
      std::cerr << "lessonsim: sync: " << (error.empty() ? "the progress store is busy" : error)
                << '\n';
      exit_code = exit_environment;
      return;
    }
    LrsClient client(config.endpoint, std::move(credentials));
    Delivery d = deliver(*box, client);
    std::cout << "sent " << d.sent << " statement(s) to " << config.endpoint << "; " << d.waiting
              << " waiting";
    if (d.refused > 0) std::cout << "; " << d.refused << " refused by the LRS as invalid (kept)";
    std::cout << '\n';
    if (d.stopped) std::cerr << "lessonsim: sync: " << d.problem << '\n';
    exit_code = d.stopped ? exit_environment : exit_ok;
  });
}

}  // namespace lessonsim::app
