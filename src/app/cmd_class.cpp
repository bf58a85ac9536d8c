// `lessonsim class --lrs URL`: where a class stands and struggles, from the LRS's statements.
#include <iostream>

#include "class_fetch.hpp"
#include "classroom.hpp"
#include "commands.hpp"
#include "lessonsim/settings.hpp"
#include "lessonsim/share_dir.hpp"

namespace lessonsim::app {

namespace {

void print_class(const ClassReport& r, const std::string& lrs) {
  std::cout << "Class at " << lrs << ": " << r.learners.size() << " learner(s), " << r.statements
            << " statement(s)\n\nLessons (learners who started, who finished)\n";
  for (const auto& l : r.lessons)
    std::cout << "  " << l.id << "  started " << l.started << ", finished " << l.finished << '\n';
  std::cout << "\nQuestions (each learner's first answer)\n";
  for (const auto& q : r.questions) {
    int pct = q.learners ? static_cast<int>(100.0 * q.right / q.learners + 0.5) : 0;
    std::cout << "  " << q.lesson << '/' << q.step << " (" << q.kind << ")  " << q.right << " of "
              << q.learners << " right (" << pct << "%)";
    if (!q.top_wrong.empty()) {
      std::cout << "; most chosen wrong answer: " << q.top_wrong << " \"" << q.top_wrong_text
                << "\" (" << q.top_wrong_count << ")";
    }
    std::cout << '\n';
  }
  std::cout << "\nOperate steps (learners who reached the goal)\n";
  for (const auto& o : r.operate_steps) {
    std::cout << "  " << o.lesson << '/' << o.step << "  " << o.learners << " learner(s), median "
              << o.median_actions << " move(s) to the goal";
    if (!o.rules.empty()) {
      std::cout << "; feedback fired most:";
      for (std::size_t k = 0; k < o.rules.size() && k < 3; ++k)
        std::cout << ' ' << o.rules[k].first << " ×" << o.rules[k].second;
    }
    std::cout << '\n';
  }
  std::cout << "\nLearners (where each is now)\n";
  for (const auto& l : r.learners) {
    std::cout << "  " << l.name << "  " << (l.finished ? "finished " : "at ") << l.lesson
              << (l.step.empty() ? "" : "/" + l.step) << " (" << l.verb << ", " << l.at << "); "
              << l.lessons_finished << " lesson(s) finished\n";
  }
}

}  // namespace

void add_class_command(CLI::App& root, int& exit_code) {
  auto* cmd = root.add_subcommand("class", "Where a class stands and struggles, read from the LRS");
  static std::string lrs, since, course, dir;
  static bool json = false;
  cmd->add_option("--lrs", lrs, "The LRS's xAPI endpoint, ending in '/'")->required();
  cmd->add_flag("--json", json, "Print one JSON object");
  cmd->add_option("--since", since, "Only statements stored since this time (ISO 8601)");
  cmd->add_option("--course", course, "The course's folder (default: the installed lessons)");
  cmd->add_option("--data-dir", dir, "Where lrs.json is (default: $XDG_DATA_HOME/lessonsim)");
  cmd->callback([&exit_code] {
    std::filesystem::path course_dir =
        course.empty() ? lessons_dir() : std::filesystem::path(course);
    LrsConfig config = lrs_config(data_dir(dir), course_dir);
    std::string error;
    if (!check_endpoint(lrs, error)) {
      std::cerr << "lessonsim: class: --lrs: " << error << '\n';
      exit_code = exit_usage;
      return;
    }
    ClassRead read = read_class(lrs, config, course_dir, since);
    if (!read.ok) {
      std::cerr << "lessonsim: class: " << read.error << '\n';
      exit_code = exit_environment;
      return;
    }
    const ClassReport& report = read.report;
    if (json) {
      std::cout << to_json(report).dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                << '\n';
    } else {
      print_class(report, lrs);
    }
    exit_code = exit_ok;
  });
}

}  // namespace lessonsim::app
