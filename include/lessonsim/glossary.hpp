// The course memory: glossary terms the learner has met, where each first appears, and where
// terms stand in a text (for highlighting).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "lessonsim/journey.hpp"

namespace lessonsim {

// The first step whose text (title, body or prompt, choices, explanation, reveal, summary) holds
// `term` as a whole word, case-insensitively; -1 when none does.
int first_step_with(const Lesson& lesson, std::string_view term, std::string_view locale);

struct GlossaryItem {
  std::string term;
  std::string definition;
  std::string lesson_id;
  std::string lesson_title;
  std::string step_id;    // empty when no step's text uses the term
  int lesson_index = -1;  // in the course
  int step_index = -1;
};

// Every term of the lessons the learner has met (done or in progress), in `locale`, each once,
// with the lesson and step where it first appears; sorted alphabetically, ignoring case.
std::vector<GlossaryItem> met_glossary(const std::vector<PathEntry>& path, std::string_view locale);

// Whether `item` matches a search: every word of `filter` in its term or definition.
bool glossary_matches(const GlossaryItem& item, std::string_view filter);

struct TermMatch {
  std::size_t begin = 0, end = 0;  // byte offsets into the text
  int term = -1;                   // index into the terms searched for
};

// Where `terms` occur in `text` as whole words, ignoring case (ASCII letters; other letters must
// match exactly); the longest term wins where two overlap. Sorted by position.
std::vector<TermMatch> find_terms(std::string_view text, const std::vector<std::string>& terms);

// Only each term's first match: what the lesson text marks, so that a sentence saying GPU three
// times does not read as a row of links.
std::vector<TermMatch> first_of_each(std::vector<TermMatch> matches);

}  // namespace lessonsim
