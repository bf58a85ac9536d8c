// lessonsim: the window by default, or a subcommand that needs no display.
#include <iostream>

#include "commands.hpp"
#include "lessonsim/catalog.hpp"
#include "lessonsim/messages.hpp"
#include "lessonsim/share_dir.hpp"
#include "text_view.hpp"
#ifdef LESSONSIM_HAS_WINDOW
#include "canvas.hpp"
#include "window.hpp"
#endif

int main(int argc, char** argv) {
  using namespace lessonsim::app;
  // The interface's words: a broken catalog is said, located, and English stands in for it.
  std::vector<lessonsim::Diagnostic> catalog_problems;
  lessonsim::install_messages(
      lessonsim::Messages::load_folder(lessonsim::assets_dir() / "i18n", catalog_problems));
  for (const auto& d : catalog_problems)
    std::cerr << lessonsim::format_gcc(d) << "\n";
  // The hardware every lesson's machine names GPUs and links from, read once: a broken file is
  // said, located, and a lesson whose machine needs it then fails to load where it names one.
  const auto hardware_path = lessonsim::assets_dir() / "hardware.json";
  lessonsim::Diagnostics hardware_problems(hardware_path.string());
  if (auto hardware = lessonsim::load_catalog(hardware_path, hardware_problems)) {
    lessonsim::install_hardware(std::make_shared<const lessonsim::Catalog>(std::move(*hardware)));
  }
  for (const auto& d : hardware_problems.all())
    std::cerr << lessonsim::format_gcc(d) << "\n";
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
#ifdef LESSONSIM_HAS_WINDOW
  add_shot_command(app, exit_code);
  add_card_command(app, exit_code);
  WindowOptions window_options;
  add_window_options(app, window_options);
#endif
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
