#include <catch2/catch.hpp>

#include <filesystem>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;

namespace {

const std::string lesson = std::string(LESSONSIM_SOURCE_DIR) + "/lessons/datacenter-split.json";

// A share folder like the installed one (the checkout's lessons and assets), whose
// assets/i18n holds the shipped catalogs plus `extra` as de.json: a language added as data only.
void share_with_german(const TempDir& dir, const std::string& extra) {
  fs::path source = LESSONSIM_SOURCE_DIR;
  fs::create_directory_symlink(source / "lessons", dir.path() / "lessons");
  fs::create_directories(dir.path() / "assets" / "i18n");
  for (const auto& entry : fs::directory_iterator(source / "assets")) {
    if (entry.path().filename() == "i18n") continue;
    fs::create_symlink(entry.path(), dir.path() / "assets" / entry.path().filename());
  }
  for (const char* name : {"en.json", "es.json"})
    fs::copy_file(source / "assets" / "i18n" / name, dir.path() / "assets" / "i18n" / name);
  dir.write("assets/i18n/de.json", extra);
}

}  // namespace

TEST_CASE("locale cli: a locale code that is not BCP 47 is a usage error", "[locale]") {
  CliResult r = run_cli("play " + lesson + " --locale klingon");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("BCP 47"));
  CHECK(run_cli("check --locale pt_BR " + lesson).code == 2);
}

TEST_CASE("locale cli: a catalog in the assets folder adds a language to play, no C++ change",
          "[locale]") {
  TempDir dir;
  share_with_german(dir, R"({"language.name": "Deutsch", "cli.play.step": "Schritt "})");
  std::string env = "LESSONSIM_SHARE_DIR=" + dir.path().string() + " ";
  CliResult before = run_cli("play " + lesson + " --locale de", "q\n");
  CHECK(before.code == 2);  // the shipped catalogs have no German
  CliResult after =
      run_shell(env + LESSONSIM_BINARY + " play " + lesson + " --locale de 2>&1", "?\nq\n");
  CHECK(after.code == 0);
  CHECK_THAT(after.out, Catch::Contains("Schritt 1/"));
  CHECK_THAT(after.out, Catch::Contains("Commands:"));  // a missing message falls back to English
}

TEST_CASE("locale cli: check --locale names each missing catalog key and lesson", "[locale]") {
  TempDir dir;
  share_with_german(dir, R"({"language.name": "Deutsch", "lesson.back": "Zurück"})");
  std::string env = "LESSONSIM_SHARE_DIR=" + dir.path().string() + " ";
  CliResult r = run_shell(env + LESSONSIM_BINARY + " check --locale de " + lesson + " 2>&1", {});
  CHECK(r.code == 0);  // warnings, not errors
  std::string catalog = (dir.path() / "assets" / "i18n" / "de.json").string();
  CHECK_THAT(r.out, Catch::Contains(catalog + ": warning: message \"lesson.continue\" is missing"));
  CHECK_THAT(r.out, !Catch::Contains("message \"lesson.back\" is missing"));
  CHECK_THAT(r.out, Catch::Contains("datacenter-split.json:"));
  CHECK_THAT(r.out, Catch::Contains("the lesson has no \"de\" texts"));

  CliResult shipped = run_cli("check --locale es " + lesson);
  CHECK(shipped.code == 0);
  CHECK_THAT(shipped.out, !Catch::Contains("is missing"));
  CHECK_THAT(shipped.out, !Catch::Contains("has no \"es\" texts"));
}
