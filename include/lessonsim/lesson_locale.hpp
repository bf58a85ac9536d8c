// Which of a lesson's locales a learner sees, and en-XA given to a lesson at load, generated
// from its English texts.
#pragma once

#include <memory>
#include <string_view>

#include "lessonsim/lesson.hpp"

namespace lessonsim {

// `lesson` with en-XA added to every text that has English, and to its `locales`, when
// `locale` is en-XA and the lesson has English; otherwise `lesson` itself. Nothing is stored:
// the pseudo texts exist only in the returned copy.
std::shared_ptr<const Lesson> lesson_for_locale(std::shared_ptr<const Lesson> lesson,
                                                std::string_view locale);

// Whether the lesson can be shown in `locale`: it has it, or it is en-XA and the lesson has
// English.
bool lesson_has_locale(const Lesson& lesson, std::string_view locale);

// The locale to show the lesson in for a learner who reads `wanted`: `wanted` when the lesson
// has it (or can make it: en-XA), else the same language in another region (pt-PT for pt-BR),
// else English, else the lesson's first (also when nothing is wanted).
std::string lesson_locale_for(const Lesson& lesson, std::string_view wanted);

// An English playthrough replayed under en-XA: its locale is en-XA and the texts it expects to
// find (feedback, step text) are accented as the pseudo-locale accents them; the words of a
// refusal are left to the English run.
Playthrough pseudo_playthrough(const Playthrough& english);

}  // namespace lessonsim
