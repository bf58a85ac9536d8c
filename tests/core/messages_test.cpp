#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "lessonsim/messages.hpp"
#include "lessonsim/text.hpp"

using namespace lessonsim;

namespace {

Messages two_languages() {
  Messages m;
  Diagnostics d("x.json");
  REQUIRE(m.add("en", R"({"gpu.count": "{n, plural, one {# GPU} other {# GPUs}}",
                          "greet": "Hello, {name}", "over": "{gb} GB over",
                          "only.en": "English only", "wrap": "[{inner}]"})",
                d));
  REQUIRE(m.add("es", R"({"gpu.count": "{n, plural, one {# GPU} other {# GPU}}",
                          "greet": "Hola, {name}", "over": "{gb} GB de más",
                          "language.name": "Español"})",
                d));
  REQUIRE(d.all().empty());
  return m;
}

}  // namespace

TEST_CASE("messages: plurals, names and amounts by ICU in each locale", "[messages]") {
  Messages m = two_languages();
  CHECK(m.render(Message("gpu.count").num("n", 1), "en") == "1 GPU");
  CHECK(m.render(Message("gpu.count").num("n", 4), "en") == "4 GPUs");
  CHECK(m.render(Message("gpu.count").num("n", 4), "es") == "4 GPU");
  CHECK(m.render(Message("greet").text("name", "Ada"), "es") == "Hola, Ada");
  CHECK(m.render(Message("over").amount("gb", 13.3333), "es") == "13,3 GB de más");
  CHECK(m.render(Message("over").amount("gb", 13.3333), "en") == "13.3 GB over");
  CHECK(m.render(Message("wrap").msg("inner", Message("greet").text("name", "Bo")), "en") ==
        "[Hello, Bo]");
}

TEST_CASE("messages: a missing key falls back to the language, then English, then the id",
          "[messages]") {
  Messages m = two_languages();
  CHECK(m.render("only.en", "es") == "English only");
  CHECK(m.render("greet", "es-MX") == "Hola, {name}");
  CHECK(m.render("no.such.id", "es") == "no.such.id");
  CHECK(m.language_name("es") == "Español");
  CHECK(m.language_name("en") == "English");  // ICU's own name when the catalog has none
  CHECK(m.locales() == std::vector<std::string>{"en", "es"});
}

TEST_CASE("messages: a broken catalog is a located error and is not added", "[messages]") {
  Messages m;
  Diagnostics d("es.json");
  CHECK_FALSE(m.add("es", "{\n  \"ok\": \"fine\",\n  \"bad\": \"{n, plural, one {x}\"\n}", d));
  REQUIRE(d.error_count() == 1);
  CHECK(d.all()[0].pos.line == 3);
  CHECK_THAT(d.all()[0].message, Catch::Contains("\"bad\" is not an ICU message"));
  CHECK_FALSE(m.has_locale("es"));

  Diagnostics shapes("en.json");
  CHECK_FALSE(m.add("en", R"({"Bad Id": "x", "n": 3})", shapes));
  CHECK(shapes.error_count() == 2);
  Diagnostics list("en.json");
  CHECK_FALSE(m.add("en", "[1]", list));
  CHECK_THAT(list.all().at(0).message, Catch::Contains("not an array"));
  Diagnostics name("klingon.json");
  CHECK_FALSE(m.add("klingon", "{}", name));
  CHECK_THAT(name.all().at(0).message, Catch::Contains("BCP 47"));
}

TEST_CASE("messages: a formatter ICU refuses is a located error at load, as a syntax error is",
          "[messages]") {
  // Only the first render makes most messages' MessageFormat; these are checked at load still.
  for (const char* pattern : {"{n, number, ::precision-bogus}", "{n, nonsense}",
                              "{n, number, #,##0.0.0}", "{0, plural, other {#}} and {0}"}) {
    INFO(pattern);
    Messages m;
    Diagnostics d("es.json");
    std::string json = std::string("{\n  \"ok\": \"fine\",\n  \"bad\": \"") + pattern + "\"\n}";
    bool added = m.add("es", json, d);
    if (std::string_view(pattern).find("{0}") != std::string_view::npos) {
      CHECK(added);  // numbered arguments are made at load, and this one is fine
      CHECK(m.render(Message("bad").num("0", 2), "es") == "2 and 2");
      continue;
    }
    CHECK_FALSE(added);
    REQUIRE(d.error_count() == 1);
    CHECK(d.all()[0].pos.line == 3);
    CHECK_THAT(d.all()[0].message, Catch::Contains("\"bad\" is not an ICU message"));
    CHECK_FALSE(m.has_locale("es"));
  }
  Messages m;
  Diagnostics d("es.json");
  REQUIRE(m.add("es", R"({"n": "{n, number, ::group-off} y {n, number}"})", d));
  // A plain number is written as lesson text writes it: Spanish groups from five digits.
  CHECK(m.render(Message("n").num("n", 2500), "es") == "2500 y 2500");
  CHECK(m.render(Message("n").num("n", 25000), "es") == "25000 y 25.000");
  // Without a brace a pattern is literal to ICU, its apostrophes as ICU reads them.
  REQUIRE(m.add("en", R"({"a": "it''s", "b": "'", "c": "a'#b|'|c", "d": "'' and '"})", d));
  CHECK(m.render("a", "en") == "it's");
  CHECK(m.render("b", "en") == "'");
  CHECK(m.render("c", "en") == "a'#b|'|c");
  CHECK(m.render("d", "en") == "' and '");
}

TEST_CASE("messages: every shipped message, en-XA's included, is made by ICU when rendered",
          "[messages]") {
  const Messages& shipped = messages();
  REQUIRE(shipped.has_locale("en-XA"));
  for (const std::string& locale : shipped.locales()) {
    for (const std::string& id : shipped.ids(locale)) {
      INFO(locale << " " << id);
      // The id comes back only when no catalog on the way could make the message.
      CHECK(shipped.render(Message(id), locale) != id);
    }
  }
  CHECK(shipped.render(Message("menu.language"), "en-XA").starts_with("⟦"));
}

TEST_CASE("messages: a folder loads every catalog and names a broken file", "[messages]") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / "lessonsim-messages-test";
  fs::remove_all(dir);
  fs::create_directories(dir / "de.json");  // a directory, not a catalog
  std::ofstream(dir / "en.json") << R"({"hi": "Hi"})";
  std::ofstream(dir / "fr.json") << R"({"hi": "Salut", "oops": )";
  std::ofstream(dir / "notes.txt") << "not a catalog";
  std::vector<Diagnostic> problems;
  Messages m = Messages::load_folder(dir, problems);
  // en-XA is made from English as it loads.
  CHECK(m.locales() == std::vector<std::string>{"en", "en-XA"});
  REQUIRE(problems.size() == 2);
  CHECK_THAT(problems[0].file, Catch::EndsWith("de.json"));
  CHECK_THAT(problems[1].file, Catch::EndsWith("fr.json"));
  CHECK(problems[1].pos.line == 1);
  fs::remove_all(dir);
}

TEST_CASE("messages: the shipped catalogs hold the same ids in every locale", "[messages]") {
  const Messages& shipped = messages();
  REQUIRE(shipped.has_locale("en"));
  for (const std::string& locale : shipped.locales()) {
    for (const std::string& id : shipped.ids(locale)) {
      INFO(locale << " has " << id << ", English must too");
      CHECK(shipped.has("en", id));
    }
  }
  CHECK(shipped.ids("es") == shipped.ids("en"));
}

TEST_CASE("messages: format_bool reads from the catalog", "[messages]") {
  CHECK(format_bool(true, "es") == "sí");
  CHECK(format_bool(false, "en") == "no");
}

TEST_CASE("messages: every catalog is a language a learner can choose, after the lesson's own",
          "[messages]") {
  Messages m = two_languages();
  Diagnostics d("de.json");
  REQUIRE(m.add("de", R"({"language.name": "Deutsch"})", d));
  CHECK(m.choosable({"es", "en"}) == std::vector<std::string>{"es", "en", "de"});
  CHECK(m.choosable({"fr"}) == std::vector<std::string>{"fr", "de", "en", "es"});
  CHECK(m.language_name("de") == "Deutsch");
  CHECK(m.language_name("pt-BR") == "português (Brasil)");  // ICU's name without a catalog
}

TEST_CASE("messages: fuzz_catalog's seeds load or fail located, and render", "[messages]") {
  namespace fs = std::filesystem;
  int loaded = 0, refused = 0;
  for (const auto& e :
       fs::directory_iterator(fs::path(LESSONSIM_SOURCE_DIR) / "fuzz/corpus/catalog")) {
    INFO(e.path());
    std::ifstream in(e.path(), std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    Messages m;
    Diagnostics d(e.path().string());
    if (m.add("es", text, d)) {
      ++loaded;
      for (const std::string& id : m.ids("es"))
        CHECK(m.render(Message(id).num("n", 2).text("name", "x"), "es") != id);  // id: failed
    } else {
      ++refused;
      REQUIRE(d.error_count() > 0);
      CHECK(d.all()[0].pos.line > 0);
    }
  }
  CHECK(loaded == 2);
  CHECK(refused == 1);
}

TEST_CASE("messages: a day is written as each locale writes dates", "[messages]") {
  Messages m;
  Diagnostics d("x.json");
  REQUIRE(m.add("en", R"({"due": "Next: {day, date, long}"})", d));
  REQUIRE(m.add("es", R"({"due": "Próximo: {day, date, long}"})", d));
  REQUIRE(m.add("pt-BR", R"({"due": "Próxima: {day, date, long}"})", d));
  REQUIRE(d.all().empty());
  const std::int64_t dec_4_2026 = 20791;  // days since 1970-01-01
  CHECK(m.render(Message("due").day("day", dec_4_2026), "en") == "Next: December 4, 2026");
  CHECK(m.render(Message("due").day("day", dec_4_2026), "es") == "Próximo: 4 de diciembre de 2026");
  CHECK(m.render(Message("due").day("day", dec_4_2026), "pt-BR") ==
        "Próxima: 4 de dezembro de 2026");
}
