#include "lessonsim/lesson_characters.hpp"

#include <algorithm>

#include "lessonsim/practice.hpp"
#include "lessonsim/pseudo_locale.hpp"

namespace lessonsim {

void add_characters(std::string_view s, std::vector<char32_t>& out) {
  std::vector<char32_t> found;
  for (std::size_t i = 0; i < s.size();) {
    auto b = static_cast<unsigned char>(s[i]);
    int extra = b < 0x80 ? 0 : b < 0xE0 ? 1 : b < 0xF0 ? 2 : 3;
    char32_t cp = extra == 0 ? b : b & (0x3F >> extra);
    for (int k = 1; k <= extra && i + static_cast<std::size_t>(k) < s.size(); ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]) & 0x3F);
    if (cp >= 0x80) found.push_back(cp);
    i += static_cast<std::size_t>(extra) + 1;
  }
  if (found.empty()) return;
  out.insert(out.end(), found.begin(), found.end());
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

std::vector<char32_t> interface_characters(std::string_view locale) {
  std::vector<char32_t> out;
  if (locale == pseudo_locale) add_characters(pseudo_localize(pseudo_alphabet), out);
  return out;
}

std::vector<char32_t> lesson_characters(const Lesson& lesson, std::string_view locale) {
  std::string all;
  auto add = [&](const LocalizedText& t) { all += t.in(locale); };
  add(lesson.title);
  for (const Step& s : lesson.steps) {
    for (const LocalizedText* t :
         {&s.title, &s.text, &s.explain, &s.reveal, &s.key_idea, &s.can_do, &s.leads_to}) {
      add(*t);
    }
    for (const Choice& c : s.choices) {
      add(c.text);
      add(c.feedback);
    }
    for (const FeedbackRule& r : s.feedback)
      add(r.say);
    if (const Practice* p = s.practice.get()) {
      add(p->title);
      add(p->text);
      add(p->reveal);
      if (p->ask) {
        add(p->ask->prompt);
        add(p->ask->unit);
        add(p->ask->explain);
      }
    }
  }
  for (const GlossaryEntry& g : lesson.glossary) {
    add(g.term);
    add(g.definition);
  }
  std::vector<char32_t> out;
  add_characters(all, out);
  return out;
}

}  // namespace lessonsim
