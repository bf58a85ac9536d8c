// The window's font: which characters DejaVu Sans draws, and `check` naming those it cannot.
#include <catch2/catch.hpp>

#include <fstream>

#include "font_files.hpp"
#include "lessonsim/bounded_read.hpp"
#include "run_cli.hpp"
#include "temp_dir.hpp"

using namespace lessonsim;

namespace {

std::string dejavu() {
  std::string bytes, error;
  REQUIRE(read_file(app::regular_font_file(), bytes, error));
  return bytes;
}

std::span<const unsigned char> span_of(const std::string& s) {
  return {reinterpret_cast<const unsigned char*>(s.data()), s.size()};
}

}  // namespace

TEST_CASE("font files: DejaVu Sans covers Spanish, Portuguese and en-XA, not everything") {
  std::string bytes = dejavu();
  app::GlyphCoverage font(span_of(bytes));
  REQUIRE(font.loaded());
  for (char32_t c : std::u32string_view(U"áéíóúñ¿¡ãõçâêô—“”…≈≤▲✓ƀďƒĝĥĵķĺɱþǫŕšťṽŵẋžṀẌ⟦⟧"))
    CHECK(font.has(c));
  CHECK_FALSE(font.has(U'\u2312'));  // ⌒, in DejaVu Sans Mono only
  CHECK_FALSE(font.has(U'\u4E2D'));  // 中
  CHECK_FALSE(font.has(U'\U0001F680'));
}

TEST_CASE("font files: bytes that are no font cover nothing") {
  std::string junk(4096, 'x');
  app::GlyphCoverage none(span_of(junk));
  CHECK_FALSE(none.loaded());
  CHECK_FALSE(none.has(U'a'));
  app::GlyphCoverage empty(std::span<const unsigned char>{});
  CHECK_FALSE(empty.has(U'a'));
}

TEST_CASE("cli check: a character the window's font lacks is a located warning", "[cli]") {
  TempDir dir;
  std::ifstream in(std::string(LESSONSIM_SOURCE_DIR) + "/tests/core/data/valid.json");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // The lesson's title, in English, gains a character DejaVu Sans has no glyph for.
  auto at = text.find("\"en\": \"");
  REQUIRE(at != std::string::npos);
  text.insert(at + 7, "中 ");
  std::string file = dir.write("glyph.json", text).string();
  auto r = run_cli("check " + file);
  CHECK_THAT(r.out,
             Catch::Contains("warning: U+4E2D '中' is not in the window's font (DejaVu Sans)"));
  CHECK_THAT(r.out, Catch::Contains(file + ":"));
  auto clean = run_cli("check " + std::string(LESSONSIM_SOURCE_DIR) + "/lessons");
  CHECK_THAT(clean.out, !Catch::Contains("window's font"));
}
