// Every character a lesson shows must be in the font's glyph ranges, or the learner sees '?'.
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>

#include "lessonsim/loader.hpp"
#include "theme.hpp"

using namespace lessonsim;

namespace {

// The code points of a UTF-8 string (the loader has already checked it is valid).
std::vector<unsigned> code_points(const std::string& s) {
  std::vector<unsigned> out;
  for (std::size_t i = 0; i < s.size();) {
    auto c = static_cast<unsigned char>(s[i]);
    int extra = c < 0x80 ? 0 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : 3;
    unsigned cp = extra == 0 ? c : c & (0x3F >> extra);
    for (int k = 1; k <= extra && i + static_cast<std::size_t>(k) < s.size(); ++k) {
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]) & 0x3F);
    }
    out.push_back(cp);
    i += static_cast<std::size_t>(extra) + 1;
  }
  return out;
}

bool covered(unsigned cp) {
  if (cp == '\n') return true;
  for (const ImWchar* r = ui::glyph_ranges(); r[0]; r += 2) {
    if (cp >= r[0] && cp <= r[1]) return true;
  }
  return false;
}

void texts_of(const Lesson& l, std::vector<const LocalizedText*>& out) {
  out.push_back(&l.title);
  for (const auto& s : l.steps) {
    for (const LocalizedText* t :
         {&s.title, &s.text, &s.explain, &s.reveal, &s.key_idea, &s.can_do, &s.leads_to}) {
      out.push_back(t);
    }
    for (const auto& c : s.choices) {
      out.push_back(&c.text);
      out.push_back(&c.feedback);
    }
    for (const auto& f : s.feedback)
      out.push_back(&f.say);
  }
  for (const auto& g : l.glossary)
    out.push_back(&g.definition);
}

}  // namespace

TEST_CASE("the fonts cover every character of every lesson") {
  std::vector<std::string> dirs = {std::string(LESSONSIM_SOURCE_DIR) + "/tests/ui/data"};
  if (std::filesystem::exists(std::string(LESSONSIM_SOURCE_DIR) + "/lessons")) {
    dirs.push_back(std::string(LESSONSIM_SOURCE_DIR) + "/lessons");
  }
  std::vector<std::string> missing_dirs;
  for (const auto& file : lesson_files(dirs, missing_dirs)) {
    Diagnostics diags(file.string());
    auto lesson = load_lesson_file(file, diags);
    if (!lesson) continue;
    std::vector<const LocalizedText*> texts;
    texts_of(*lesson, texts);
    std::ostringstream missing;
    for (const LocalizedText* t : texts) {
      for (const auto& [locale, text] : t->by_locale) {
        for (unsigned cp : code_points(text)) {
          if (!covered(cp)) missing << " U+" << std::hex << cp << std::dec << " (" << locale << ")";
        }
      }
    }
    INFO(file.filename().string() << " uses characters outside the glyph ranges:" << missing.str());
    CHECK(missing.str().empty());
  }
}
