// en-XA, the pseudo-locale: English made visibly foreign so untranslated or clipped text shows.
#pragma once

#include <string>
#include <string_view>

namespace lessonsim {

// Every letter the pseudo-locale accents.
inline constexpr std::string_view pseudo_alphabet =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

// The generated locale's code and the locale it is generated from.
inline constexpr std::string_view pseudo_locale = "en-XA";
inline constexpr std::string_view pseudo_source_locale = "en";

// `english` with every ASCII letter accented (a → á, e → é …), bracketed ⟦…⟧ and padded with
// accented words to about 30% longer. Placeholders (`{name}`, `{x:.1}`), ICU arguments
// (`{n, number}`), the keywords and selectors of ICU plurals and selects, `#`, `{{`/`}}` and
// ICU's quoted syntax ('{') are kept as they are; the messages inside a plural or select are
// accented, unbracketed.
std::string pseudo_localize(std::string_view english);

// The accents alone, no brackets or padding: what a playthrough expects to find inside an
// en-XA text when it was written to find `english` in the English one.
std::string pseudo_accent(std::string_view english);

// The en-XA catalog made from the English one (a flat JSON object of id -> ICU pattern): every
// message pseudo-localized, the ids kept. Text that is not such an object gives "{}".
std::string pseudo_catalog(std::string_view english_json);

}  // namespace lessonsim
