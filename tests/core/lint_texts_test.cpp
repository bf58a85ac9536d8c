// The lint's glyph check: a character the window's font cannot draw is a located warning.
#include <catch2/catch.hpp>

#include <fstream>

#include "lessonsim/lint.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;

namespace {

// A lesson whose hook text (line 6) and glossary term (line 12) hold the characters given.
std::string lesson_with(const std::string& hook_en, const std::string& term) {
  return R"({"format": 2, "id": "glyphs", "version": "1.0.0", "locales": ["es", "en"],
"title": {"es": "Mini", "en": "Mini"},
"machine": {"kind": "split", "model_gb": 280, "gpu_memory_gb": 80, "gpus": 1, "slices": 1, "max_gpus": 16},
"steps": [
{"id": "hook", "kind": "narrate", "text": {"es": "Hola, GPU",
  "en": ")" +
         hook_en + R"("}},
{"id": "drive", "kind": "operate", "couple": true, "setup": {"gpus": 1}, "text": {"es": "Añade GPU", "en": "Add GPUs"},
 "goal": "fits && gpus == min_gpus",
 "feedback": [{"when": "overflow_gb > 0", "say": {"es": "Se pasa por {overflow_gb} GB", "en": "Over by {overflow_gb} GB"}}],
 "reveal": {"es": "¡Cabe!", "en": "It fits!"}},
{"id": "wrap", "kind": "summary", "key_idea": {"es": "GPU", "en": "GPU"}, "can_do": {"es": "b", "en": "b"}, "leads_to": {"es": "c", "en": "c"}}],
"glossary": [{"term": ")" +
         term + R"(", "definition": {"es": "Un chip", "en": "A chip"}}],
"playthroughs": [{"name": "ok", "locale": "en", "actions": [{"do": "goto", "step": "drive"}, {"do": "add_gpu"}, {"do": "add_gpu"}, {"do": "add_gpu"}],
 "expect": [{"at_end": "fits"}]}]}
)";
}

std::vector<Diagnostic> glyph_warnings(const std::string& source, const std::string& drawable) {
  Diagnostics diags("glyphs.json");
  auto lesson = load_lesson(source, diags);
  for (const auto& d : diags.all())
    INFO(format_gcc(d));
  REQUIRE(lesson);
  LintOptions options;
  options.font_name = "Test Sans";
  // The test font draws ASCII and the characters listed.
  options.can_draw = [drawable](char32_t c) {
    return c < 0x80 || std::u32string_view(U"éñ¡¿áíóú·×—").find(c) != std::u32string_view::npos ||
           drawable.find(static_cast<char>(c)) != std::string::npos;
  };
  Diagnostics warnings("glyphs.json");
  lint_lesson_source(*lesson, source, warnings, options);
  std::vector<Diagnostic> out;
  for (const auto& d : warnings.all()) {
    if (d.message.find("window's font") != std::string::npos) out.push_back(d);
  }
  return out;
}

}  // namespace

TEST_CASE("lint glyphs: a character the font lacks is named with its code point and place") {
  // U+2312 ⌒ and U+4E2D 中; the first stands 10 characters into the string, the quote at 9.
  auto w = glyph_warnings(lesson_with("An arc ⌒ and 中 and ⌒ again", "GPU"), "");
  REQUIRE(w.size() == 2);
  CHECK(format_gcc(w[0]) ==
        "glyphs.json:6:17: warning: U+2312 '⌒' is not in the window's font (Test Sans): the "
        "window takes it from another installed font that has it, or shows '?' on a machine with "
        "none (at /steps/0/text/en)");
  CHECK(w[1].pos.line == 6);
  CHECK(w[1].pos.column == 23);
  CHECK_THAT(w[1].message, Catch::StartsWith("U+4E2D '中'"));
}

TEST_CASE("lint glyphs: escapes before the character move its column as in the file") {
  // \" takes two characters in the file, one in the text.
  auto w = glyph_warnings(lesson_with(R"(\"q\" ⌒)", "GPU"), "");
  REQUIRE(w.size() == 1);
  CHECK(w[0].pos.column == 16);
}

TEST_CASE("lint glyphs: glossary terms are checked, and texts the font draws give nothing") {
  auto clean = glyph_warnings(lesson_with("¿Más? Sí — ×2", "GPU"), "");
  CHECK(clean.empty());
  auto term = glyph_warnings(lesson_with("GPU", "GPU ⌒"), "");
  REQUIRE(term.size() == 1);
  CHECK(term[0].pointer == "/glossary/0/term");
  CHECK(term[0].pos.line == 12);
  // Beyond the Basic Multilingual Plane too (ImGui's 16-bit glyph table cannot hold it).
  auto emoji = glyph_warnings(lesson_with("GPU 🚀", "GPU"), "");
  REQUIRE(emoji.size() == 1);
  CHECK_THAT(emoji[0].message, Catch::StartsWith("U+1F680 '🚀'"));
}

TEST_CASE("lint glyphs: without a font to ask, no glyph warnings") {
  std::string source = lesson_with("⌒", "GPU");
  Diagnostics diags("glyphs.json");
  auto lesson = load_lesson(source, diags);
  REQUIRE(lesson);
  Diagnostics warnings("glyphs.json");
  lint_lesson_source(*lesson, source, warnings);
  for (const auto& d : warnings.all())
    CHECK(d.message.find("window's font") == std::string::npos);
}

TEST_CASE("lint glyphs: a script the font lacks is one warning, not one per character") {
  // A Chinese sentence: eight ideographs of one Unicode block, and a fullwidth comma of another.
  auto w = glyph_warnings(lesson_with("中文的课程内容很长，", "GPU"), "");
  REQUIRE(w.size() == 2);
  CHECK_THAT(w[0].message,
             Catch::StartsWith("U+4E2D '中' and 8 other characters of the Unicode block CJK "
                               "Unified Ideographs are not in the window's font (Test Sans)"));
  CHECK(w[0].pos.column == 10);
  CHECK_THAT(w[1].message, Catch::StartsWith("U+FF0C '，' is not"));
  // Across texts too: the glossary term's ideographs join the same block's warning.
  auto both = glyph_warnings(lesson_with("中文", "GPU 课程"), "");
  REQUIRE(both.size() == 1);
  CHECK_THAT(both[0].message, Catch::Contains("and 3 other characters"));
}

TEST_CASE("lint glyphs: every string a learner reads is checked, a machine's labels too") {
  // A formula machine's setting label is read like any step's text.
  std::ifstream in(std::string(LESSONSIM_SOURCE_DIR) + "/tests/app/data/kv-quant.json");
  std::string kv((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string label = "\"label\": {\"es\": \"bits por valor de la caché\"";
  REQUIRE(kv.find(label) != std::string::npos);
  kv.replace(kv.find(label), label.size(), "\"label\": {\"es\": \"bits ⌒ por valor\"");
  Diagnostics diags("kv.json");
  auto lesson = load_lesson(kv, diags);
  REQUIRE(lesson);
  LintOptions options;
  options.font_name = "Test Sans";
  options.can_draw = [](char32_t c) { return c != U'⌒'; };
  Diagnostics warnings("kv.json");
  lint_lesson_source(*lesson, kv, warnings, options);
  int font = 0;
  for (const auto& d : warnings.all()) {
    if (d.message.find("window's font") == std::string::npos) continue;
    ++font;
    CHECK(d.pointer == "/machine/settings/0/label/es");
  }
  CHECK(font == 1);
}
