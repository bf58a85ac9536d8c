#include <catch2/catch.hpp>

#include "lessonsim/text.hpp"

using namespace lessonsim;

TEST_CASE("text: numbers read as each locale writes them", "[text]") {
  CHECK(format_number(93.3333, "en") == "93.3");
  CHECK(format_number(93.3333, "es") == "93,3");
  CHECK(format_number(70, "en") == "70");
  CHECK(format_number(1.875, "en") == "1.88");
  CHECK(format_number(100000, "en") == "100,000");
  CHECK(format_number(100000, "es") == "100.000");
  CHECK(format_number(2500, "es") == "2500");
  CHECK(format_number(2500, "en") == "2,500");
  CHECK(format_number(-13.33, "en") == "-13.3");
  CHECK(format_bool(true, "es") == "sí");
}

TEST_CASE("text: placeholders are found, filled, and braces escape", "[text]") {
  std::vector<VariableInfo> vars = {{"overflow_gb", ValueType::number, ""},
                                    {"fits", ValueType::boolean, ""}};
  std::vector<double> values = {13.3333, 0};
  CHECK(render("Over by {overflow_gb} GB; fits: {fits} {{x}}", "en", vars, values) ==
        "Over by 13.3 GB; fits: no {x}");
  CHECK(render("Se pasa por {overflow_gb} GB", "es", vars, values) == "Se pasa por 13,3 GB");
  auto found = placeholders("a {one} b {{no}} {two}");
  REQUIRE(found.size() == 2);
  CHECK(found[0] == std::pair<int, std::string>{2, "one"});
  CHECK(found[1].second == "two");
  std::vector<std::string> errors;
  placeholders("a {open", [&](int, std::string m) { errors.push_back(m); });
  placeholders("a } b", [&](int, std::string m) { errors.push_back(m); });
  CHECK(errors.size() == 2);
}

TEST_CASE("text: a missing locale falls back to English, then any", "[text]") {
  LocalizedText t;
  t.by_locale = {{"es", "hola"}, {"en", "hello"}};
  CHECK(t.in("es") == "hola");
  CHECK(t.in("fr") == "hello");
  LocalizedText only;
  only.by_locale.emplace("es", "solo");
  CHECK(only.in("en") == "solo");
}

TEST_CASE("text: a placeholder computes an expression, with decimals and a unit", "[text]") {
  std::vector<VariableInfo> vars = {{"train_gb", ValueType::number, ""},
                                    {"serve_gb", ValueType::number, ""},
                                    {"fits", ValueType::boolean, ""}};
  std::vector<double> values = {2240, 280, 1};
  CHECK(render("{train_gb / serve_gb} times", "en", vars, values) == "8 times");
  CHECK(render("{train_gb / 3:.2 GB}", "en", vars, values) == "746.67 GB");
  CHECK(render("{train_gb / 3:.2 GB}", "es", vars, values) == "746,67 GB");
  CHECK(render("{serve_gb:.1}", "en", vars, values) == "280.0");
  CHECK(render("{!fits}", "es", vars, values) == "no");
}

TEST_CASE("text: a lesson text may use ICU plurals, with other variables in their branches",
          "[text]") {
  std::vector<VariableInfo> vars = {{"gpus", ValueType::number, ""},
                                    {"over_gb", ValueType::number, ""}};
  const char* text =
      "{gpus, plural, one {# GPU, {over_gb} GB over} other {# GPUs, {over_gb} GB "
      "over}}; {{literal}}";
  std::vector<double> one = {1, 13.333}, many = {4, 2500};
  CHECK(render(text, "en", vars, one) == "1 GPU, 13.3 GB over; {literal}");
  CHECK(render(text, "en", vars, many) == "4 GPUs, 2,500 GB over; {literal}");
  CHECK(render("{gpus, plural, one {# GPU} other {# GPU}} y {over_gb}", "es", vars, many) ==
        "4 GPU y 2500");

  auto found = placeholders(text);
  REQUIRE(found.size() == 1);
  CHECK(found[0] == std::pair<int, std::string>{0, "gpus"});
  std::vector<std::string> errors;
  placeholders("{gpus, plural, one {# GPU} other {x}",
               [&](int, std::string m) { errors.push_back(m); });
  placeholders("{gpus, plural, lots {# GPU}}", [&](int, std::string m) { errors.push_back(m); });
  REQUIRE(errors.size() == 2);
  CHECK_THAT(errors[0], Catch::Contains("never closed"));
  CHECK_THAT(errors[1], Catch::Contains("not an ICU plural"));
}

TEST_CASE("text: a catalog message as a text renders in the learner's locale", "[text]") {
  LocalizedText t = LocalizedText::of(Message("lesson.back"));
  CHECK(t.in("es") == "Atrás");
  CHECK(t.in("en") == "Back");
  CHECK_FALSE(t.empty());
}
