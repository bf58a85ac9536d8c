// The lab's terminal drawing: the brief's large counts read as each language says them.
#include <catch2/catch.hpp>

#include "../../support/machine_test_support.hpp"
#include "lab/lab.hpp"
#include "text_view_kinds.hpp"

using namespace lessonsim;

TEST_CASE("lab text view: 70 billion parameters and 2 trillion tokens in each language", "[play]") {
  LabMachine m{testing::shipped_hardware()};
  m.set("seed", 3);
  REQUIRE(m.brief().tokens == 2'000'000'000'000);
  auto brief = [&](std::string_view locale) { return app::lab_text_view().draw(m, locale); };
  const std::string en = brief("en"), es = brief("es"), pt = brief("pt-BR");
  CHECK_THAT(en, Catch::Contains("70 billion parameters, 2 trillion tokens"));
  CHECK_THAT(es, Catch::Contains("70 mil millones de parámetros, 2 billones de tokens"));
  CHECK_THAT(pt, Catch::Contains("70 bilhões de parâmetros, 2 trilhões de tokens"));
  for (const std::string& s : {en, es, pt})
    CHECK_THAT(s, !Catch::Contains("text_view.lab.brief"));
}
