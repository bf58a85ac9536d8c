#include "machine_keys.hpp"

namespace lessonsim::ui {

std::string machine_keys(const MachineSpec& spec, std::string_view locale) {
  std::string lines;
  for (const ActionInfo& a : spec.actions) {
    if (a.keys.empty() || !a.params.empty()) continue;
    std::string shown;
    for (char k : a.keys) {
      // Upper-case twins of a letter are the same key for the learner.
      bool twin = k >= 'A' && k <= 'Z' &&
                  a.keys.find(static_cast<char>(k - 'A' + 'a')) != std::string::npos;
      if (twin) continue;
      if (!shown.empty()) shown += " / ";
      shown += k >= 'a' && k <= 'z' ? static_cast<char>(k - 'a' + 'A') : k;
    }
    lines += "\n" + shown + ": " + a.key_help.in(locale);
  }
  if (lines.empty()) return {};
  return "\n\n" + LocalizedText::of("lesson.this_machine").in(locale) + lines;
}

}  // namespace lessonsim::ui
