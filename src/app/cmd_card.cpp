// `lessonsim card`: the capability card from the saved progress, as card.md and card.png.
#include <iostream>

#include "commands.hpp"
#include "course_locale.hpp"
#include "imgui_assert.hpp"
#include "journey.hpp"
#include "lessonsim/settings_store.hpp"
#include "locale_option.hpp"
#include "window.hpp"
#include "window_context.hpp"

namespace lessonsim::app {

namespace {

namespace fs = std::filesystem;

struct CardOptions {
  std::string data_dir, out_dir, locale;
};

int make_card(const CardOptions& o) {
  fs::path dir = data_dir(o.data_dir);
  fs::path out = o.out_dir.empty() ? dir : fs::path(o.out_dir);
  auto course = course_beside(default_lesson_path());
  if (!course) {
    std::cerr << "lessonsim card: error: the course (lessons/course.json) does not load\n";
    return exit_environment;
  }
  StoreNotice notice;
  auto store = ProgressStore::open(dir, notice);
  say_store_notice(notice);
  Settings settings = load_settings(*store, dir);
  if (!o.locale.empty()) settings.locale = o.locale;
  if (settings.locale.empty()) settings.locale = course_first_locale(*course);
  GlWindow window;
  std::string error;
  bool painted = window.open("lessonsim card", 800, 600, false, error);
  try {
    Journey journey(std::move(store), dir, settings, std::move(course));
    if (painted) {
      paint_cards_with(window, journey);
      window.restyle();
    }
    if (!journey.write_card(error, out)) {
      std::cerr << "lessonsim card: error: " << error << '\n';
      return exit_environment;
    }
  } catch (const ui::ImGuiAssertion& e) {
    std::cerr << "lessonsim card: internal error: " << e.what() << '\n';
    return exit_wrong;
  }
  std::cout << (out / "card.md").string() << '\n';
  if (!painted) {
    std::cerr << "lessonsim card: card.png not written: " << error << '\n';
    return exit_environment;
  }
  std::cout << (out / "card.png").string() << '\n';
  return exit_ok;
}

}  // namespace

void add_card_command(CLI::App& root, int& exit_code) {
  auto* cmd = root.add_subcommand(
      "card", "Write the capability card (what you can now explain) as card.md and card.png");
  static CardOptions o;
  cmd->add_option("--data-dir", o.data_dir,
                  "Where progress is kept (default: $XDG_DATA_HOME/lessonsim)");
  cmd->add_option("--out-dir", o.out_dir, "Where to write the card (default: the data folder)");
  cmd->add_option("--locale", o.locale, locale_help())->check(locale_code());
  cmd->callback([&exit_code] { exit_code = make_card(o); });
}

}  // namespace lessonsim::app
