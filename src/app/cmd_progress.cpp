// `lessonsim progress --json`: the learner's progress and where learners struggle, for instructors.
#include <iostream>

#include "commands.hpp"
#include "lessonsim/messages.hpp"
#include "lessonsim/progress.hpp"
#include "lessonsim/settings.hpp"

namespace lessonsim::app {

void say_store_notice(const std::optional<StoreNotice>& notice) {
  if (notice && !notice->empty()) {
    std::cerr << "lessonsim: progress: " << tr(fallback_locale, notice->message()) << '\n';
  }
}

void add_progress_command(CLI::App& root, int& exit_code) {
  auto* cmd = root.add_subcommand("progress", "Show the saved progress and feedback statistics");
  static std::string dir;
  static bool json = false;
  cmd->add_option("--data-dir", dir, "Where progress is kept (default: $XDG_DATA_HOME/lessonsim)");
  cmd->add_flag("--json", json, "Print one JSON object (lessons, reviews, feedback counts)");
  cmd->callback([&exit_code] {
    StoreNotice notice;
    auto store = ProgressStore::open(data_dir(dir), notice);
    say_store_notice(notice);
    nlohmann::json lessons = nlohmann::json::array();
    for (const auto& l : store->lessons()) {
      // The store may have been edited by hand: a step that is not a string is shown as none.
      auto step = l.state.is_object() ? l.state.find("step") : l.state.end();
      bool named = step != l.state.end() && step->is_string();
      lessons.push_back({{"id", l.lesson_id},
                         {"done", l.done},
                         {"done_at", l.done_at},
                         {"step", named ? step->get<std::string>() : std::string()}});
    }
    std::int64_t today = today_utc();
    nlohmann::json out = {{"lessons", lessons},
                          {"reviews_due", store->due_cards(today).size()},
                          {"reviews", store->cards().size()},
                          {"feedback_fired", store->feedback_counts()}};
    if (json) {
      // Text from the store need not be UTF-8; JSON must be, so bad bytes become U+FFFD.
      std::cout << out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    } else {
      for (const auto& l : lessons) {
        std::cout << (l["done"].get<bool>() ? "done         " : "in progress  ")
                  << l["id"].get<std::string>() << "  (step " << l["step"].get<std::string>()
                  << ")\n";
      }
      std::cout << out["reviews_due"] << " review(s) due of " << out["reviews"] << '\n';
    }
    exit_code = exit_ok;
  });
}

}  // namespace lessonsim::app
