#include "lessonsim/glossary.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace lessonsim {

namespace {

char fold(char c) {
  return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

// Letters and digits, including every byte of a multi-byte UTF-8 letter (á, ñ...).
bool word_char(char c) {
  auto u = static_cast<unsigned char>(c);
  return u >= 0x80 || std::isalnum(u) != 0;
}

bool same_at(std::string_view text, std::size_t at, std::string_view term) {
  if (at + term.size() > text.size()) return false;
  for (std::size_t k = 0; k < term.size(); ++k) {
    if (fold(text[at + k]) != fold(term[k])) return false;
  }
  return true;
}

bool whole_word_at(std::string_view text, std::size_t at, std::size_t length) {
  bool left = at == 0 || !word_char(text[at - 1]);
  bool right = at + length >= text.size() || !word_char(text[at + length]);
  return left && right;
}

bool contains_word(std::string_view text, std::string_view term) {
  if (term.empty()) return false;
  for (std::size_t at = 0; at + term.size() <= text.size(); ++at) {
    if (same_at(text, at, term) && whole_word_at(text, at, term.size())) return true;
  }
  return false;
}

std::string folded(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), fold);
  return out;
}

// Every text of a step the learner reads, in `locale`.
std::vector<std::string> step_texts(const Step& s, std::string_view locale) {
  std::vector<std::string> texts;
  auto add = [&](const LocalizedText& t) {
    if (!t.empty()) texts.push_back(t.in(locale));
  };
  add(s.title);
  add(s.text);
  for (const auto& c : s.choices) {
    add(c.text);
    add(c.feedback);
  }
  add(s.explain);
  add(s.reveal);
  for (const auto& f : s.feedback)
    add(f.say);
  add(s.key_idea);
  add(s.can_do);
  add(s.leads_to);
  return texts;
}

}  // namespace

int first_step_with(const Lesson& lesson, std::string_view term, std::string_view locale) {
  for (std::size_t k = 0; k < lesson.steps.size(); ++k) {
    for (std::string_view text : step_texts(lesson.steps[k], locale)) {
      if (contains_word(text, term)) return static_cast<int>(k);
    }
  }
  return -1;
}

std::vector<GlossaryItem> met_glossary(const std::vector<PathEntry>& path,
                                       std::string_view locale) {
  std::vector<GlossaryItem> items;
  for (std::size_t k = 0; k < path.size(); ++k) {
    const PathEntry& p = path[k];
    if (!p.lesson || (p.state != LessonState::done && p.state != LessonState::in_progress)) {
      continue;
    }
    for (const auto& g : p.lesson->glossary) {
      const std::string& term = g.term.in(locale);
      bool known = std::any_of(items.begin(), items.end(), [&](const GlossaryItem& i) {
        return folded(i.term) == folded(term);
      });
      if (known || term.empty()) continue;
      GlossaryItem item{term,
                        g.definition.in(locale),
                        p.id,
                        p.lesson->title.in(locale),
                        {},
                        static_cast<int>(k),
                        first_step_with(*p.lesson, term, locale)};
      if (item.step_index >= 0) {
        item.step_id = p.lesson->steps[static_cast<std::size_t>(item.step_index)].id;
      }
      items.push_back(std::move(item));
    }
  }
  std::sort(items.begin(), items.end(), [](const GlossaryItem& a, const GlossaryItem& b) {
    return folded(a.term) < folded(b.term);
  });
  return items;
}

bool glossary_matches(const GlossaryItem& item, std::string_view filter) {
  std::string haystack = folded(item.term + "\n" + item.definition);
  std::istringstream words{folded(filter)};
  for (std::string word; words >> word;) {
    if (haystack.find(word) == std::string::npos) return false;
  }
  return true;
}

std::vector<TermMatch> find_terms(std::string_view text, const std::vector<std::string>& terms) {
  std::vector<TermMatch> found;
  for (std::size_t at = 0; at < text.size();) {
    TermMatch best;
    if (at == 0 || !word_char(text[at - 1])) {
      for (std::size_t t = 0; t < terms.size(); ++t) {
        const std::string& term = terms[t];
        if (term.empty() || term.size() <= best.end - best.begin) continue;
        if (same_at(text, at, term) && whole_word_at(text, at, term.size())) {
          best = {at, at + term.size(), static_cast<int>(t)};
        }
      }
    }
    if (best.term >= 0) {
      found.push_back(best);
      at = best.end;
    } else {
      ++at;
    }
  }
  return found;
}

std::vector<TermMatch> first_of_each(std::vector<TermMatch> matches) {
  std::vector<int> seen;
  std::erase_if(matches, [&](const TermMatch& m) {
    if (std::find(seen.begin(), seen.end(), m.term) != seen.end()) return true;
    seen.push_back(m.term);
    return false;
  });
  return matches;
}

}  // namespace lessonsim
