// `lessonsim i18n export|import`: the command line of the translation workflow (i18n.hpp).
#include <iostream>

#include "i18n.hpp"
#include "lessonsim/pseudo_locale.hpp"
#include "lessonsim/share_dir.hpp"
#include "locale_option.hpp"

namespace lessonsim::app {

void add_i18n_command(CLI::App& root, int& exit_code) {
  auto* cmd = root.add_subcommand(
      "i18n", "Exchange translations with translators as PO files (export, import)");
  cmd->require_subcommand(1);
  static I18nOptions options;
  static std::string catalogs;
  static bool lessons_only = false;
  auto common = [](CLI::App* sub) {
    sub->add_option("--catalogs", catalogs,
                    "The interface catalogs' folder (default: the installed assets/i18n)");
    sub->add_flag("--lessons-only", lessons_only, "Leave the interface's messages out");
  };
  auto* out = cmd->add_subcommand(
      "export", "Write a PO file of every text the locale lacks or whose source changed since");
  out->add_option("--locale", options.locale, "The language to translate into, e.g. pt-BR")
      ->required()
      ->check(locale_code());
  out->add_option("paths", options.paths, "Lesson files or folders")->required();
  out->add_flag("--all", options.all, "Also the texts already translated and current");
  out->add_option("-o,--output", options.out, "Write to FILE instead of standard output");
  common(out);
  auto* in = cmd->add_subcommand(
      "import", "Write a PO file's translations into the lesson files and the catalog");
  in->add_option("po", options.po, "The PO file, as a translator returned it")->required();
  in->add_option("paths", options.paths, "Lesson files or folders")->required();
  common(in);
  auto finish = [] {
    options.catalogs = catalogs.empty() ? assets_dir() / "i18n" : std::filesystem::path(catalogs);
    options.interface = !lessons_only;
  };
  out->callback([&exit_code, finish] {
    finish();
    if (options.locale == pseudo_locale) {
      std::cerr << "error: " << pseudo_locale
                << " is made from English as it is shown, never translated\n";
      exit_code = exit_usage;
      return;
    }
    exit_code = run_i18n_export(options);
  });
  in->callback([&exit_code, finish] {
    finish();
    exit_code = run_i18n_import(options);
  });
}

}  // namespace lessonsim::app
