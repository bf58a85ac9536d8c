// `lessonsim pack` and a course in one file: `check`, `test` and `play` open a bundle directly,
// read-only and confined as a folder is, and refuse a hostile one without touching anything.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;

namespace {

const fs::path pack_source = LESSONSIM_SOURCE_DIR;

std::string pack_python() {
  return fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
}

// A zip with the entries described (make_zip.py), named NAME.lessonsim in `dir`.
fs::path zip_with_entries(const TempDir& dir, const std::string& name, const std::string& entries) {
  fs::path out = dir.path() / (name + ".lessonsim");
  CliResult r = run_shell(pack_python() + " '" + (pack_source / "tests/app/make_zip.py").string() +
                              "' '" + out.string() + "' '" + entries + "' 2>&1",
                          {});
  INFO(r.out);
  REQUIRE(r.code == 0);
  return out;
}

// The command run with TMPDIR in `tmp`, so what it unpacks can be looked for afterwards.
CliResult run_with_tmpdir(const fs::path& tmp, const std::string& args) {
  return run_shell(
      "TMPDIR='" + tmp.string() + "' " + std::string(LESSONSIM_BINARY) + " " + args + " 2>&1", {});
}

}  // namespace

TEST_CASE("pack: the shipped course in one file checks, tests and plays", "[pack]") {
  TempDir dir;
  fs::path bundle = dir.path() / "course.lessonsim";
  CliResult packed =
      run_cli("pack " + (pack_source / "lessons").string() + " -o " + bundle.string());
  INFO(packed.out);
  REQUIRE(packed.code == 0);
  CHECK_THAT(packed.out, Catch::Contains("packed 9 lesson(s)"));

  fs::path tmp = dir.path() / "tmp";
  fs::create_directory(tmp);
  CliResult checked = run_with_tmpdir(tmp, "check " + bundle.string());
  INFO(checked.out);
  CHECK(checked.code == 0);
  CHECK_THAT(checked.out, Catch::Contains("9 lesson file(s) and 1 course(s) checked: no problems"));
  CliResult tested = run_with_tmpdir(tmp, "test " + bundle.string());
  CHECK(tested.code == 0);
  CHECK_THAT(tested.out, Catch::Contains(" 0 failed"));
  CliResult played =
      run_with_tmpdir(tmp, "play " + bundle.string() + " --locale en --script " +
                               (pack_source / "tests/app/data/datacenter-split.play").string());
  INFO(played.out);
  CHECK(played.code == 0);
  CliResult other =
      run_with_tmpdir(tmp, "play " + bundle.string() + " --id own-or-rent --locale en");
  CHECK(other.code == 0);
  // Nothing is left behind: the unpacked folder goes when the command ends.
  CHECK(fs::is_empty(tmp));

  // The same course packs to the same bytes.
  fs::path again = dir.path() / "again.lessonsim";
  REQUIRE(run_cli("pack " + (pack_source / "lessons").string() + " -o " + again.string()).code ==
          0);
  CHECK(read_text_file(again) == read_text_file(bundle));
}

TEST_CASE("pack: a bundle's diagnostics name its files inside it, and it is read-only", "[pack]") {
  TempDir dir;
  // A course of one lesson, the KV-cache lesson, with a warning to show where it points.
  fs::create_directory(dir.path() / "c");
  std::string lesson = read_text_file(pack_source / "tests/app/data/kv-quant.json");
  lesson.replace(lesson.find("\"Un modelo de 70B"), 1, "\"中 ");
  dir.write("c/kv-quant.json", lesson);
  dir.write("c/course.json",
            R"({"format": 1, "id": "c", "title": {"es": "C", "en": "C"},
                "lessons": [{"id": "kv-quant", "file": "kv-quant.json"}]})");
  fs::path bundle = dir.path() / "c.lessonsim";
  REQUIRE(run_cli("pack " + (dir.path() / "c").string() + " -o " + bundle.string()).code == 0);
  CliResult r = run_cli("check " + bundle.string());
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains(bundle.string() + "/kv-quant.json:") &&
                        Catch::Contains("warning: U+4E2D"));
  CHECK_THAT(r.out, !Catch::Contains("lessonsim-bundle-"));
}

TEST_CASE("pack: refuses a course with errors, and a name the desktop would not open", "[pack]") {
  TempDir dir;
  fs::create_directory(dir.path() / "c");
  std::string lesson = read_text_file(pack_source / "tests/app/data/kv-quant.json");
  const std::string goal = "\"goal\": \"fits && batch == max_batch_fits\"";
  lesson.replace(lesson.find(goal), goal.size(), "\"goal\": \"batch > 64\"");
  dir.write("c/kv-quant.json", lesson);
  dir.write("c/course.json", R"({"format": 1, "id": "c", "title": {"es": "C", "en": "C"},
                "lessons": [{"id": "kv-quant", "file": "kv-quant.json"}]})");
  CliResult r = run_cli("pack " + (dir.path() / "c").string() + " -o " +
                        (dir.path() / "c.lessonsim").string());
  INFO(r.out);
  CHECK(r.code == 1);
  CHECK_THAT(r.out, Catch::Contains("never continue past this step"));
  CHECK_FALSE(fs::exists(dir.path() / "c.lessonsim"));
  CHECK(run_cli("pack " + (pack_source / "lessons").string() + " -o " +
                (dir.path() / "c.zip").string())
            .code == 2);
  CHECK(run_cli("pack " + dir.path().string() + " -o " + (dir.path() / "x.lessonsim").string())
            .code == 3);  // no course.json
}

TEST_CASE("pack: a hostile bundle is refused, and nothing is written outside it", "[pack]") {
  TempDir dir;
  struct Hostile {
    const char* why;
    std::string entries;
    const char* says;
  };
  const std::vector<Hostile> cases = {
      {"a name that climbs out", R"([{"name": "../escaped.json", "text": "{}"}])",
       "outside the bundle"},
      {"an absolute name", R"([{"name": "/tmp/escaped.json", "text": "{}"}])",
       "outside the bundle"},
      {"a symbolic link", R"([{"name": "link.json", "text": "/etc/passwd", "mode": 41471}])",
       "a symbolic link"},
      {"a device", R"([{"name": "dev.json", "mode": 8630}])", "no file"},
      {"an entry larger than a lesson may be",
       R"([{"name": "big.json", "repeat": [" ", 17000000]}])", "larger than 16 MiB"},
      {"more entries than a course has",
       "[" +
           [] {
             std::string s;
             for (int k = 0; k < 1001; ++k)
               s += std::string(k ? "," : "") + R"({"name": "e)" + std::to_string(k) + R"(.json"})";
             return s;
           }() +
           "]",
       "more than 1000 entries"},
      {"two entries of one name",
       R"([{"name": "a.json", "text": "{}"}, {"name": "a.json", "text": "{}"}])",
       "two entries of one name"},
      {"nested too deep", R"([{"name": "a/b/c/d/e/f/g/h/i/j.json", "text": "{}"}])",
       "nested too deep"},
  };
  fs::path tmp = dir.path() / "tmp";
  fs::create_directory(tmp);
  for (std::size_t k = 0; k < cases.size(); ++k) {
    INFO(cases[k].why);
    fs::path bundle = zip_with_entries(dir, "hostile" + std::to_string(k), cases[k].entries);
    for (const char* command : {"check", "test", "play"}) {
      CliResult r = run_with_tmpdir(tmp, std::string(command) + " " + bundle.string());
      INFO(command << ": " << r.out);
      CHECK(r.code == 1);
      CHECK_THAT(r.out, Catch::Contains(bundle.string() + ": error: the course has") &&
                            Catch::Contains(cases[k].says));
    }
  }
  CHECK_FALSE(fs::exists(dir.path() / "escaped.json"));
  CHECK_FALSE(fs::exists("/tmp/escaped.json"));
  CHECK(fs::is_empty(tmp));

  // Not a zip at all, and a FIFO named like a bundle: refused, never waited on.
  fs::path junk = dir.write("junk.lessonsim", "this is not a zip");
  CliResult r = run_cli("check " + junk.string());
  CHECK(r.code == 1);
  CHECK_THAT(r.out, Catch::Contains("is not a course bundle"));
  fs::path fifo = dir.path() / "fifo.lessonsim";
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  CliResult waited = run_cli_timed(20, "check " + fifo.string());
  CHECK(waited.code == 1);
  CHECK_THAT(waited.out, Catch::Contains("FIFO"));
}
