// `lessonsim check PATH...`: validate lessons, printing GCC-style located diagnostics.
#include <iostream>

#include "commands.hpp"
#include "lessonsim/loader.hpp"

namespace lessonsim::app {

void add_check_command(CLI::App& root, int& exit_code) {
  auto* cmd = root.add_subcommand("check", "Validate lesson files; print every problem, located");
  static std::vector<std::string> paths;
  cmd->add_option("paths", paths, "Lesson files or folders (folders are searched for *.json)")
      ->required();
  cmd->callback([&exit_code] {
    std::vector<std::string> missing;
    auto files = lesson_files(paths, missing);
    int errors = 0, warnings = 0;
    for (const auto& m : missing) {
      std::cerr << m << ": error: no such file or folder\n";
      ++errors;
    }
    for (const auto& file : files) {
      Diagnostics diags(file.string());
      load_lesson_file(file, diags);
      for (const auto& d : diags.all()) {
        std::cerr << format_gcc(d) << '\n';
        (d.severity == Severity::error ? errors : warnings) += 1;
      }
    }
    if (errors > 0 || warnings > 0) {
      std::cerr << files.size() << " lesson file(s) checked: " << errors << " error(s), "
                << warnings << " warning(s)\n";
    } else {
      std::cout << files.size() << " lesson file(s) checked: no problems\n";
    }
    if (!missing.empty() && files.empty()) {
      exit_code = exit_environment;
    } else {
      exit_code = errors > 0 ? exit_wrong : exit_ok;
    }
  });
}

}  // namespace lessonsim::app
