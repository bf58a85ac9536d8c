// `lessonsim i18n export` and `import`: translations exchanged as PO files (i18n_files.hpp).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "commands.hpp"
#include "i18n_files.hpp"
#include "po_file.hpp"

namespace lessonsim::app {

struct I18nOptions {
  std::string locale;              // export: the language asked for
  std::vector<std::string> paths;  // lesson files and folders
  std::filesystem::path catalogs;  // the interface catalogs' folder
  bool interface = true;           // the interface's messages too
  bool all = false;                // export: translated and current texts too
  std::string out = "-";           // export: where the PO file goes
  std::string po;                  // import: the PO file read
};

int run_i18n_export(const I18nOptions& options);
int run_i18n_import(const I18nOptions& options);

}  // namespace lessonsim::app
