// `lessonsim i18n export` and `import`: PO files gettext's own msgfmt accepts, written back into
// the lesson files and the catalog in place, and the shipped course round-trips unchanged.
#include <catch2/catch.hpp>

#include <regex>

#include "po_file.hpp"
#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using lessonsim::app::PoEntry;

namespace {

const fs::path i18n_source = LESSONSIM_SOURCE_DIR;

// A copy of the shipped lessons and catalogs to edit: DIR/lessons, DIR/i18n.
void copy_i18n_course(const TempDir& dir) {
  fs::copy(i18n_source / "lessons", dir.path() / "lessons", fs::copy_options::recursive);
  fs::copy(i18n_source / "assets/i18n", dir.path() / "i18n", fs::copy_options::recursive);
}

// Every file under `folder`, path (relative) to bytes.
std::map<std::string, std::string> i18n_snapshot(const fs::path& folder) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(folder)) {
    if (e.is_regular_file())
      out[fs::relative(e.path(), folder).string()] = read_text_file(e.path());
  }
  return out;
}

// gettext's own checker: what a translator's tools and msgfmt will accept.
void msgfmt_accepts(const fs::path& po) {
  CliResult r = run_shell("msgfmt --check -o /dev/null '" + po.string() + "' 2>&1", {});
  INFO(r.out);
  CHECK(r.code == 0);
}

CliResult i18n(const std::string& args, const TempDir& dir) {
  return run_cli("i18n " + args + " --catalogs " + (dir.path() / "i18n").string());
}

std::vector<PoEntry> po_entries_of(const fs::path& po) {
  std::vector<std::string> errors;
  auto read = lessonsim::app::read_po(po.string(), errors);
  for (const auto& e : errors)
    INFO(e);
  REQUIRE(read);
  return read->entries;
}

const PoEntry* po_with_context(const std::vector<PoEntry>& entries, const std::string& context) {
  for (const auto& e : entries) {
    if (e.context == context) return &e;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("i18n: export lists every text a locale lacks, with its place and its source", "[i18n]") {
  TempDir dir;
  copy_i18n_course(dir);
  fs::copy(i18n_source / "tests/app/data/kv-quant.json", dir.path() / "kv-quant.json");
  fs::path po = dir.path() / "pt-BR.po";
  CliResult r = i18n("export --locale pt-BR " + (dir.path() / "kv-quant.json").string() + " -o " +
                         po.string() + " --lessons-only",
                     dir);
  INFO(r.out);
  REQUIRE(r.code == 0);
  msgfmt_accepts(po);
  auto entries = po_entries_of(po);
  // The lesson's every text: its title, steps, machine labels, practice texts.
  CHECK(entries.size() > 60);
  const PoEntry* say = po_with_context(entries, "kv-quant/steps/fill/feedback/room/say");
  REQUIRE(say);
  CHECK(say->source == "{batch} requests fit, with room to spare.");
  CHECK(say->translation.empty());
  CHECK_FALSE(say->fuzzy);
  CHECK_THAT(say->file, Catch::EndsWith("kv-quant.json"));
  CHECK(say->line > 1);
  CHECK(po_with_context(entries, "kv-quant/machine/settings/kv_bits/label"));
  CHECK(po_with_context(entries, "kv-quant/steps/fill/practice/ask/prompt"));
  CHECK(po_with_context(entries, "kv-quant/steps/guess-kib/choices/2/text"));
  // A lesson's texts in its own locales are not asked for.
  CliResult es = i18n(
      "export --locale es " + (dir.path() / "kv-quant.json").string() + " --lessons-only", dir);
  CHECK_THAT(es.out, Catch::Contains("0 text(s) to translate into es"));
  CHECK(run_cli("i18n export --locale en-XA " + (dir.path() / "kv-quant.json").string()).code == 2);
}

TEST_CASE("i18n: export then import round-trips the shipped course with no change", "[i18n]") {
  TempDir dir;
  copy_i18n_course(dir);
  auto before = i18n_snapshot(dir.path());
  for (const char* locale : {"es", "pt-BR", "en"}) {
    for (const char* all : {"", " --all"}) {
      INFO(locale << all);
      fs::path po = dir.path() / (std::string(locale) + ".po");
      CliResult out = i18n(std::string("export --locale ") + locale + all + " " +
                               (dir.path() / "lessons").string() + " -o " + po.string(),
                           dir);
      INFO(out.out);
      REQUIRE(out.code == 0);
      msgfmt_accepts(po);
      // English is the source: nothing to translate into it.
      if (*all && std::string(locale) != "en") CHECK(po_entries_of(po).size() > 500);
      CliResult in = i18n("import " + po.string() + " " + (dir.path() / "lessons").string(), dir);
      INFO(in.out);
      CHECK(in.code == 0);
      fs::remove(po);
      CHECK(i18n_snapshot(dir.path()) == before);
    }
  }
}

TEST_CASE("i18n: import writes each translation where it belongs, nothing else moves", "[i18n]") {
  TempDir dir;
  copy_i18n_course(dir);
  fs::path lesson =
      dir.write("kv-quant.json", read_text_file(i18n_source / "tests/app/data/kv-quant.json"));
  const std::string original = read_text_file(lesson);
  fs::path po = dir.path() / "pt-BR.po";
  REQUIRE(i18n("export --locale pt-BR " + lesson.string() + " -o " + po.string(), dir).code == 0);
  // The translator's work: every lesson text, placeholders kept, and one interface message.
  auto entries = po_entries_of(po);
  std::vector<PoEntry> done;
  for (auto e : entries) {
    if (e.context.starts_with("interface:")) continue;
    e.translation = "(pt) " + e.source;
    done.push_back(e);
  }
  std::string error;
  REQUIRE(lessonsim::app::write_po(po.string(), "pt-BR", done, error));
  msgfmt_accepts(po);
  CliResult r = i18n("import " + po.string() + " " + lesson.string(), dir);
  INFO(r.out);
  REQUIRE(r.code == 0);
  std::string after = read_text_file(lesson);
  // Taking the new pt-BR members and the new locale away gives back the file byte for byte.
  std::string stripped =
      std::regex_replace(after, std::regex(R"re(,\s*"pt-BR": "(?:[^"\\]|\\.)*")re"), "");
  stripped = std::regex_replace(stripped, std::regex(R"re(, "pt-BR"\])re"), "]");
  CHECK(stripped == original);
  CHECK_THAT(after, Catch::Contains("\"locales\": [\"es\", \"en\", \"pt-BR\"]"));
  CliResult checked = run_cli("check " + lesson.string());
  INFO(checked.out);
  CHECK(checked.code == 0);
  // The record beside the lesson says what each translation was made from.
  CHECK(fs::exists(dir.path() / "translated-from/pt-BR.pot"));
}

TEST_CASE("i18n: a text whose source changed since translated comes back fuzzy", "[i18n]") {
  TempDir dir;
  copy_i18n_course(dir);
  fs::path lesson =
      dir.write("kv-quant.json", read_text_file(i18n_source / "tests/app/data/kv-quant.json"));
  fs::path po = dir.path() / "pt-BR.po";
  REQUIRE(
      i18n("export --locale pt-BR --lessons-only " + lesson.string() + " -o " + po.string(), dir)
          .code == 0);
  auto entries = po_entries_of(po);
  for (auto& e : entries)
    e.translation = "(pt) " + e.source;
  std::string error;
  REQUIRE(lessonsim::app::write_po(po.string(), "pt-BR", entries, error));
  REQUIRE(i18n("import --lessons-only " + po.string() + " " + lesson.string(), dir).code == 0);
  // Translated and current: nothing left to do.
  CliResult none = i18n("export --locale pt-BR --lessons-only " + lesson.string(), dir);
  CHECK_THAT(none.out, Catch::Contains("0 text(s) to translate into pt-BR"));

  // The author edits one English text.
  std::string text = read_text_file(lesson);
  const std::string old_en = "{batch} requests fit, with room to spare.";
  REQUIRE(text.find(old_en) != std::string::npos);
  text.replace(text.find(old_en), old_en.size(), "{batch} requests fit; there is room for more.");
  dir.write("kv-quant.json", text);
  REQUIRE(
      i18n("export --locale pt-BR --lessons-only " + lesson.string() + " -o " + po.string(), dir)
          .code == 0);
  msgfmt_accepts(po);
  auto stale = po_entries_of(po);
  REQUIRE(stale.size() == 1);
  CHECK(stale[0].fuzzy);
  CHECK(stale[0].context == "kv-quant/steps/fill/feedback/room/say");
  CHECK(stale[0].previous_source == old_en);
  CHECK(stale[0].translation == "(pt) " + old_en);
  CHECK_THAT(read_text_file(po), Catch::Contains("#| msgid \"" + old_en + "\""));

  // Imported as it is, a fuzzy entry changes nothing; reviewed (no longer fuzzy), it does.
  REQUIRE(i18n("import --lessons-only " + po.string() + " " + lesson.string(), dir).code == 0);
  CHECK(read_text_file(lesson) == text);
  stale[0].fuzzy = false;
  stale[0].translation = "(pt) revisto";
  REQUIRE(lessonsim::app::write_po(po.string(), "pt-BR", stale, error));
  REQUIRE(i18n("import --lessons-only " + po.string() + " " + lesson.string(), dir).code == 0);
  CHECK_THAT(read_text_file(lesson), Catch::Contains("\"pt-BR\": \"(pt) revisto\""));
  CliResult after = i18n("export --locale pt-BR --lessons-only " + lesson.string(), dir);
  CHECK_THAT(after.out, Catch::Contains("0 text(s) to translate into pt-BR"));
}

TEST_CASE("i18n: an interface message put back lands where it was", "[i18n]") {
  TempDir dir;
  copy_i18n_course(dir);
  const fs::path catalog = dir.path() / "i18n/pt-BR.json";
  const std::string original = read_text_file(catalog);
  // Take one message out of the middle of the Portuguese catalog.
  std::smatch m;
  std::string text = original;
  std::regex line(R"re(\n  "(lesson\.your_prediction)": "([^"\n]*)",)re");
  REQUIRE(std::regex_search(text, m, line));
  const std::string removed = m[2].str();
  text.erase(static_cast<std::size_t>(m.position(0)), static_cast<std::size_t>(m.length(0)));
  dir.write("i18n/pt-BR.json", text);
  fs::path po = dir.path() / "pt-BR.po";
  REQUIRE(
      i18n("export --locale pt-BR " + (dir.path() / "lessons").string() + " -o " + po.string(), dir)
          .code == 0);
  auto entries = po_entries_of(po);
  REQUIRE(entries.size() == 1);
  CHECK(entries[0].context == "interface:lesson.your_prediction");
  entries[0].translation = removed;  // the translator puts back what was there
  std::string error;
  REQUIRE(lessonsim::app::write_po(po.string(), "pt-BR", entries, error));
  CliResult r = i18n("import " + po.string() + " " + (dir.path() / "lessons").string(), dir);
  INFO(r.out);
  REQUIRE(r.code == 0);
  CHECK(read_text_file(catalog) == original);
}

TEST_CASE("i18n: a translation that would break the lesson is not written", "[i18n]") {
  TempDir dir;
  copy_i18n_course(dir);
  fs::path lesson =
      dir.write("kv-quant.json", read_text_file(i18n_source / "tests/app/data/kv-quant.json"));
  const std::string original = read_text_file(lesson);
  fs::path po = dir.path() / "pt-BR.po";
  REQUIRE(
      i18n("export --locale pt-BR --lessons-only " + lesson.string() + " -o " + po.string(), dir)
          .code == 0);
  auto entries = po_entries_of(po);
  for (auto& e : entries)
    e.translation = std::regex_replace(e.source, std::regex(R"(\{batch\})"), "{lote}");
  std::string error;
  REQUIRE(lessonsim::app::write_po(po.string(), "pt-BR", entries, error));
  CliResult r = i18n("import --lessons-only " + po.string() + " " + lesson.string(), dir);
  INFO(r.out);
  CHECK(r.code == 1);
  CHECK_THAT(r.out, Catch::Contains("unknown variable {lote}") &&
                        Catch::Contains("would not load; it is left as it was"));
  CHECK(read_text_file(lesson) == original);

  // Half a translation is kept out of a lesson that does not list the locale yet.
  entries.resize(3);
  for (auto& e : entries)
    e.translation = "(pt) " + e.source;
  REQUIRE(lessonsim::app::write_po(po.string(), "pt-BR", entries, error));
  CliResult half = i18n("import --lessons-only " + po.string() + " " + lesson.string(), dir);
  CHECK(half.code == 0);
  CHECK_THAT(half.out, Catch::Contains("texts still lack a pt-BR translation"));
  CHECK(read_text_file(lesson) == original);
}
