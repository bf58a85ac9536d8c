// Locale codes as lessons, catalogs and the command line write them: BCP 47, checked strictly.
#pragma once

#include <string>
#include <string_view>

namespace lessonsim {

// True for a BCP 47 tag of the form language[-Script][-REGION] in canonical case ("es",
// "pt-BR", "zh-Hant-TW", "en-XA"), whose language ICU knows. Otherwise false, with `why` saying
// what is wrong, to follow the code in a message.
bool valid_locale_code(std::string_view code, std::string* why = nullptr);

}  // namespace lessonsim
