// lessonsim: the window by default, or a subcommand that needs no display.
#include <iostream>

#include "commands.hpp"

int main(int argc, char** argv) {
  using namespace lessonsim::app;
  CLI::App app{"lessonsim — interactive lessons on how AI infrastructure really works"};
  app.set_version_flag("--version", std::string("lessonsim ") + LESSONSIM_VERSION);
  app.require_subcommand(0, 1);
  int exit_code = exit_ok;
  add_check_command(app, exit_code);
  add_test_command(app, exit_code);
  add_play_command(app, exit_code);
  add_calc_command(app, exit_code);
  add_new_command(app, exit_code);
  add_doc_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? exit_ok : exit_usage;
  }
  if (app.get_subcommands().empty()) {
    std::cerr << "lessonsim: the window is not built yet; try `lessonsim --help`\n";
    return exit_environment;
  }
  return exit_code;
}
