#include "lessonsim/lesson_locale.hpp"

#include <algorithm>

#include "lessonsim/practice.hpp"
#include "lessonsim/pseudo_locale.hpp"

namespace lessonsim {

namespace {

void add_pseudo(LocalizedText& t) {
  auto en = t.by_locale.find(pseudo_source_locale);
  if (en == t.by_locale.end()) return;
  t.by_locale.insert_or_assign(std::string(pseudo_locale), pseudo_localize(en->second));
}

// A glossary term is matched in the texts to underline it, so it is accented without brackets
// or padding, as it appears inside them.
void add_accented(LocalizedText& t) {
  auto en = t.by_locale.find(pseudo_source_locale);
  if (en == t.by_locale.end()) return;
  t.by_locale.insert_or_assign(std::string(pseudo_locale), pseudo_accent(en->second));
}

void add_pseudo(Step& s) {
  for (LocalizedText* t :
       {&s.title, &s.text, &s.explain, &s.reveal, &s.key_idea, &s.can_do, &s.leads_to}) {
    add_pseudo(*t);
  }
  for (Choice& c : s.choices) {
    add_pseudo(c.text);
    add_pseudo(c.feedback);
  }
  for (FeedbackRule& r : s.feedback)
    add_pseudo(r.say);
  if (s.practice) {
    auto practice = std::make_shared<Practice>(*s.practice);
    add_pseudo(practice->title);
    add_pseudo(practice->text);
    add_pseudo(practice->reveal);
    if (practice->ask) {
      add_pseudo(practice->ask->prompt);
      add_accented(practice->ask->unit);
      add_pseudo(practice->ask->explain);
    }
    s.practice = std::move(practice);
  }
}

}  // namespace

bool lesson_has_locale(const Lesson& lesson, std::string_view locale) {
  auto has = [&](std::string_view l) {
    return std::find(lesson.locales.begin(), lesson.locales.end(), l) != lesson.locales.end();
  };
  return has(locale) || (locale == pseudo_locale && has(pseudo_source_locale));
}

std::string lesson_locale_for(const Lesson& lesson, std::string_view wanted) {
  if (wanted.empty() || lesson.locales.empty()) {
    return lesson.locales.empty() ? std::string(pseudo_source_locale) : lesson.locales.front();
  }
  if (lesson_has_locale(lesson, wanted)) return std::string(wanted);
  std::string_view language = wanted.substr(0, wanted.find('-'));
  for (const auto& l : lesson.locales) {
    if (std::string_view(l).substr(0, l.find('-')) == language) return l;
  }
  if (lesson_has_locale(lesson, pseudo_source_locale)) return std::string(pseudo_source_locale);
  return lesson.locales.front();
}

std::shared_ptr<const Lesson> lesson_for_locale(std::shared_ptr<const Lesson> lesson,
                                                std::string_view locale) {
  if (!lesson || locale != pseudo_locale) return lesson;
  const auto& locales = lesson->locales;
  if (std::find(locales.begin(), locales.end(), pseudo_source_locale) == locales.end() ||
      std::find(locales.begin(), locales.end(), pseudo_locale) != locales.end()) {
    return lesson;
  }
  auto out = std::make_shared<Lesson>(*lesson);
  out->locales.emplace_back(pseudo_locale);
  add_pseudo(out->title);
  for (Step& s : out->steps)
    add_pseudo(s);
  auto pseudo_machine = [](std::shared_ptr<const Machine>& machine) {
    if (!machine) return;
    if (auto copy = machine->with_lesson_texts([](LocalizedText& t) { add_pseudo(t); })) {
      machine = std::move(copy);
    }
  };
  pseudo_machine(out->machine);
  if (out->machine) out->machine_spec = &out->machine->spec();
  for (Step& s : out->steps)
    pseudo_machine(s.machine);
  for (GlossaryEntry& g : out->glossary) {
    add_accented(g.term);
    add_pseudo(g.definition);
  }
  return out;
}

Playthrough pseudo_playthrough(const Playthrough& english) {
  Playthrough out = english;
  out.locale = std::string(pseudo_locale);
  out.name += " [en-XA]";
  for (Expectation& e : out.expect) {
    e.feedback_contains = pseudo_accent(e.feedback_contains);
    e.text_contains = pseudo_accent(e.text_contains);
    // A refusal carries names from data (a link, a chip) and nested messages, each bracketed on
    // its own under en-XA, so its English words are checked by the English run alone; that it
    // was refused still is.
    e.refusal_contains.clear();
  }
  return out;
}

}  // namespace lessonsim
