// The Language menu lists every catalog's language in its own name: a catalog added as data
// (here, a German one) appears in the menu and switches the window's words, with no C++ change.
#include <catch2/catch.hpp>

#include <filesystem>

#include "imgui_harness.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/messages.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using lessonsim::ui::testing::ImGuiHarness;

namespace {

const std::filesystem::path shipped = std::filesystem::path(LESSONSIM_SOURCE_DIR) / "assets/i18n";

// The shipped catalogs plus `de`, installed for one test and replaced by the shipped ones after.
struct WithGerman {
  WithGerman() {
    std::vector<Diagnostic> problems;
    Messages m = Messages::load_folder(shipped, problems);
    Diagnostics d("de.json");
    REQUIRE(m.add("de", R"({"language.name": "Deutsch", "menu.language": "Sprache"})", d));
    install_messages(std::move(m));
  }
  ~WithGerman() {
    std::vector<Diagnostic> problems;
    install_messages(Messages::load_folder(shipped, problems));
  }
};

}  // namespace

TEST_CASE("language menu: a catalog's language is listed and chosen by clicking") {
  Diagnostics diags("datacenter-split.json");
  auto lesson = load_lesson_file(
      std::filesystem::path(LESSONSIM_SOURCE_DIR) / "lessons/datacenter-split.json", diags);
  REQUIRE(lesson);
  WithGerman german;
  ImGuiHarness imgui;
  LessonScreen screen(lesson, "en", true);
  imgui.frame(screen);
  auto menu = screen.target("language");
  REQUIRE(menu);
  imgui.click(screen, *menu);
  for (const char* code : {"es", "en", "de"}) {
    INFO(code);
    CHECK(screen.target(std::string("language:") + code));
  }
  auto de = screen.target("language:de");
  REQUIRE(de);
  imgui.click(screen, *de);
  CHECK(screen.locale() == "de");
  CHECK(phrase(screen.locale(), "menu.language") == std::string("Sprache"));
  CHECK(phrase(screen.locale(), "lesson.back") == std::string("Back"));  // English stands in
}
