// Every machine control a key is declared for plays from the keyboard in the lesson screen, and
// the keyboard help lists it in both languages.
#include <catch2/catch.hpp>

#include <set>

#include "imgui_harness.hpp"
#include "lessonsim/loader.hpp"
#include "machine_keys.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using lessonsim::ui::testing::ImGuiHarness;

namespace {

std::vector<std::filesystem::path> shipped() {
  std::vector<std::string> missing;
  return lesson_files({std::string(LESSONSIM_SOURCE_DIR) + "/lessons"}, missing);
}

}  // namespace

TEST_CASE("ui keys: each machine key plays its action on every operate step that allows it",
          "[ui][keys]") {
  std::set<std::string> kinds_with_keys, kinds_pressed;
  for (const auto& file : shipped()) {
    Diagnostics diags(file.string());
    auto lesson = load_lesson_file(file, diags);
    REQUIRE(lesson);
    for (const ActionInfo& a : lesson->machine_spec->actions) {
      if (!a.keys.empty()) kinds_with_keys.insert(lesson->machine_spec->kind);
    }
    for (const auto& step : lesson->steps) {
      if (step.kind != StepKind::operate) continue;
      for (const ActionInfo& a : lesson->machine_spec->actions) {
        if (a.keys.empty()) continue;
        for (char key : a.keys) {
          ImGuiHarness imgui(1280, 800);
          LessonScreen screen(lesson, "en", true);
          screen.apply(Action::with("goto", "step", step.id));
          if (!screen.engine().allows(a.name)) break;
          // The key must not be taken by an earlier action of the same machine.
          const ActionInfo* first = nullptr;
          for (const ActionInfo& b : lesson->machine_spec->actions) {
            if (!first && b.keys.find(key) != std::string::npos && screen.engine().allows(b.name))
              first = &b;
          }
          INFO(lesson->id << "/" << step.id << ": key '" << key << "' for " << a.name);
          CHECK(first == &a);
          std::size_t before = screen.applied().size();
          imgui.frame(screen);
          imgui.type(screen, key);
          REQUIRE(screen.applied().size() == before + 1);
          CHECK(screen.applied().back().op == a.name);
          kinds_pressed.insert(lesson->machine_spec->kind);
        }
      }
    }
  }
  // Every kind with keys had them pressed somewhere in the course.
  CHECK(kinds_pressed == kinds_with_keys);
  CHECK(kinds_with_keys.size() >= 7);
}

TEST_CASE("ui keys: the keyboard help lists the machine's keys in the learner's language",
          "[ui][keys]") {
  for (const auto& file : shipped()) {
    Diagnostics diags(file.string());
    auto lesson = load_lesson_file(file, diags);
    REQUIRE(lesson);
    const MachineSpec& spec = *lesson->machine_spec;
    for (const char* locale : {"es", "en"}) {
      std::string help = machine_keys(spec, locale);
      for (const ActionInfo& a : spec.actions) {
        if (a.keys.empty()) continue;
        INFO(spec.kind << " " << a.name << " " << locale);
        CHECK_FALSE(a.key_help.in(locale).empty());
        CHECK(help.find(a.key_help.in(locale)) != std::string::npos);
      }
    }
  }
  Diagnostics diags("split");
  auto split = load_lesson_file(
      std::filesystem::path(LESSONSIM_SOURCE_DIR) / "lessons/datacenter-split.json", diags);
  REQUIRE(split);
  CHECK(machine_keys(*split->machine_spec, "en").find("S: cut the model once more") !=
        std::string::npos);
  CHECK(machine_keys(*split->machine_spec, "es").find("Esta máquina:") != std::string::npos);
}
