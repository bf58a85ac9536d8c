#include <catch2/catch.hpp>

#include "lessonsim/locale_code.hpp"

using namespace lessonsim;

TEST_CASE("locale codes: BCP 47 language[-Script][-REGION] in canonical case", "[locale]") {
  for (const char* good : {"es", "en", "pt-BR", "zh-Hant-TW", "es-419", "en-XA", "fil"}) {
    INFO(good);
    CHECK(valid_locale_code(good));
  }
  std::string why;
  CHECK_FALSE(valid_locale_code("klingon", &why));
  CHECK_THAT(why, Catch::Contains("BCP 47"));
  CHECK_FALSE(valid_locale_code("qq", &why));
  CHECK_THAT(why, Catch::Contains("ICU"));
  for (const char* bad :
       {"", "EN", "pt_BR", "pt-br", "es-", "-es", "pt-BR-x", "en-Latn-US-1", "e"}) {
    INFO(bad);
    CHECK_FALSE(valid_locale_code(bad));
  }
}
