// A lesson given the en-XA pseudo-locale at load, generated from its English texts.
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

// An English playthrough replayed under en-XA: its locale is en-XA and the texts it expects to
// find are accented as the pseudo-locale accents them.
Playthrough pseudo_playthrough(const Playthrough& english);

}  // namespace lessonsim
