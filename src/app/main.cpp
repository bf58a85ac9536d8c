// lessonsim: the window by default, or a subcommand that needs no display.
#include <iostream>

#include "assets.hpp"
#include "commands.hpp"
#include "text_view.hpp"
#ifdef LESSONSIM_HAS_WINDOW
#include "canvas.hpp"
#include "window.hpp"
#endif

int main(int argc, char** argv) {
  using namespace lessonsim::app;
  // Every machine view resolves the variables it reads now: a name its kind lacks is said at
  // start-up, not met in the middle of a lesson.
  try {
    text_view_kinds();
#ifdef LESSONSIM_HAS_WINDOW
    lessonsim::ui::canvases();
#endif
  } catch (const lessonsim::UnknownVariable& e) {
    std::cerr << "lessonsim: internal error: " << e.what() << "\n";
    return exit_environment;
  }
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
  add_progress_command(app, exit_code);
  add_review_command(app, exit_code);
  add_i18n_command(app, exit_code);
  add_pack_command(app, exit_code);
  add_sync_command(app, exit_code);
  add_class_command(app, exit_code);
#ifdef LESSONSIM_HAS_WINDOW
  add_shot_command(app, exit_code);
  add_card_command(app, exit_code);
  WindowOptions window_options;
  add_window_options(app, window_options);
#endif
  // A command reads the catalogs and the hardware before it runs; the window reads them on its
  // font thread, while the display sets the window up (run_window).
  app.parse_complete_callback([&app] {
    if (!app.get_subcommands().empty()) install_assets();
  });
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? exit_ok : exit_usage;
  }
  if (app.get_subcommands().empty()) {
#ifdef LESSONSIM_HAS_WINDOW
    return run_window(window_options);
#else
    std::cerr << "lessonsim: built without the window; try `lessonsim --help`\n";
    return exit_environment;
#endif
  }
  return exit_code;
}
