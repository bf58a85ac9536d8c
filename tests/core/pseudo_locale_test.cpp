// en-XA: accented, bracketed, longer, and every placeholder and ICU construct left intact.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "lessonsim/lesson_characters.hpp"
#include "lessonsim/messages.hpp"
#include "lessonsim/pseudo_locale.hpp"

using namespace lessonsim;

namespace {

int code_points(const std::string& s) {
  int n = 0;
  for (char c : s)
    n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

}  // namespace

TEST_CASE("pseudo-locale: every ASCII letter is accented, the rest is kept") {
  std::string out = pseudo_accent("Add GPUs: 4 of 8, then zoom.");
  CHECK(out == "Áďď ĜÞÚš: 4 óƒ 8, ťĥéñ žóóɱ.");
  for (char c = 'a'; c <= 'z'; ++c)
    CHECK(pseudo_accent(std::string(1, c)) != std::string(1, c));
  for (char c = 'A'; c <= 'Z'; ++c)
    CHECK(pseudo_accent(std::string(1, c)) != std::string(1, c));
  CHECK(pseudo_accent("¿Qué? 280 ÷ 4 ≈ 70 — ✓") == "¿Ǫúé? 280 ÷ 4 ≈ 70 — ✓");
}

TEST_CASE("pseudo-locale: each message is bracketed and about 30% longer") {
  std::string english = "Each slice is still bigger than a chip's memory. Cut again.";
  std::string out = pseudo_localize(english);
  CHECK(out.starts_with("⟦" + pseudo_accent(english) + " "));
  CHECK(out.ends_with("⟧"));
  double ratio = static_cast<double>(code_points(out)) / code_points(english);
  CHECK(ratio >= 1.3);
  CHECK(ratio <= 1.5);
  CHECK(pseudo_localize("") == "");
  // A one-word label still grows, so a button that only fits the English shows it.
  CHECK(code_points(pseudo_localize("Back")) > code_points(std::string("[Back]")));
}

TEST_CASE("pseudo-locale: placeholders and lesson escapes are left as they are") {
  std::string out = pseudo_accent("{gpus} GPUs, {train_gb / serve_gb:.1}× and {{braces}}");
  CHECK(out == "{gpus} ĜÞÚš, {train_gb / serve_gb:.1}× áñď {{ƀŕáçéš}}");
  CHECK(pseudo_localize("{slice_gb} GB").find("{slice_gb}") != std::string::npos);
}

TEST_CASE("pseudo-locale: ICU arguments, plurals and selects keep their syntax") {
  CHECK(pseudo_accent("{n, number} GB") == "{n, number} ĜƁ");
  CHECK(pseudo_accent("{n, number, ::percent}") == "{n, number, ::percent}");
  CHECK(pseudo_accent("{gpus, plural, one {# GPU} other {# GPUs}}") ==
        "{gpus, plural, one {# ĜÞÚ} other {# ĜÞÚš}}");
  CHECK(pseudo_accent("{n, plural, offset:1 =0 {none} other {{name} and # more}}") ==
        "{n, plural, offset:1 =0 {ñóñé} other {{name} áñď # ɱóŕé}}");
  CHECK(pseudo_accent("{kind, select, air {Air} other {Liquid}} cooling") ==
        "{kind, select, air {Áíŕ} other {Ĺíǫúíď}} çóóĺíñĝ");
  CHECK(pseudo_accent("It's '{'quoted'}'") == "Íť'š '{'ǫúóťéď'}'");
  // Outside a plural, '#' is only a character.
  CHECK(pseudo_accent("# GPUs") == "# ĜÞÚš");
}

TEST_CASE("pseudo-locale: broken syntax is copied, never read past its end") {
  CHECK(pseudo_accent("{unclosed") == "{unclosed");
  CHECK(pseudo_accent("{n, plural, one {x") == "{n, plural, one {ẋ");
  CHECK(pseudo_accent("a}b") == "á}ƀ");
  CHECK(pseudo_accent("'{") == "'{");
}

TEST_CASE("pseudo-locale: the interface catalog gets en-XA from English as it loads") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / "lessonsim-pseudo-catalog-test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "en.json") << R"({"menu.quit": "Quit",
    "canvas.split.result": "{gpus, plural, =1 {It fits on one GPU.} other {It fits on # GPUs.}}"})";
  std::ofstream(dir / "es.json") << R"({"menu.quit": "Salir"})";
  std::vector<Diagnostic> problems;
  Messages m = Messages::load_folder(dir, problems);
  CHECK(problems.empty());
  REQUIRE(m.has_locale("en-XA"));
  CHECK(m.ids("en-XA") == m.ids("en"));
  CHECK(m.render(Message("menu.quit"), "en-XA").starts_with("⟦Ǫúíť "));
  std::string many = m.render(Message("canvas.split.result").num("gpus", 4), "en-XA");
  CHECK_THAT(many, Catch::StartsWith("⟦Íť ƒíťš óñ 4 ĜÞÚš."));
  CHECK_THAT(m.render(Message("canvas.split.result").num("gpus", 1), "en-XA"),
             Catch::Contains("óñé ĜÞÚ."));
  fs::remove_all(dir);
  CHECK(pseudo_catalog("not json") == "{}");
}

TEST_CASE("pseudo-locale: the window's atlas is told en-XA's letters, and no others") {
  std::vector<char32_t> xa = interface_characters("en-XA");
  for (char32_t c : std::u32string_view(U"áǫẋŽṀ⟦⟧"))
    CHECK(std::binary_search(xa.begin(), xa.end(), c));
  CHECK(interface_characters("es").empty());
  CHECK(interface_characters("pt-BR").empty());
}
