// Every step of every lesson, in every locale and at two window sizes, through real ImGui frames:
// no ImGui check may fail (IM_ASSERT throws in the UI) and nothing may crash.
#include <catch2/catch.hpp>

#include <filesystem>

#include "imgui_assert.hpp"
#include "imgui_harness.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using lessonsim::ui::testing::ImGuiHarness;

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> all_lessons() {
  std::vector<std::string> missing;
  std::vector<std::string> dirs = {std::string(LESSONSIM_SOURCE_DIR) + "/tests/ui/data"};
  if (fs::exists(fs::path(LESSONSIM_SOURCE_DIR) / "lessons")) {
    dirs.push_back(std::string(LESSONSIM_SOURCE_DIR) + "/lessons");
  }
  return lesson_files(dirs, missing);
}

void frames(ImGuiHarness& imgui, LessonScreen& screen, int n = 3) {
  for (int k = 0; k < n; ++k)
    imgui.frame(screen);
}

// Every step, then every choice and every allowed machine move on it.
void exercise(const std::shared_ptr<const Lesson>& lesson, const std::string& locale,
              ImGuiHarness& imgui) {
  for (const auto& step : lesson->steps) {
    INFO("step " << step.id << ", locale " << locale);
    LessonScreen screen(lesson, locale, false);
    screen.apply(Action::with("goto", "step", step.id));
    frames(imgui, screen);
    for (std::size_t k = 0; k < step.choices.size(); ++k) {
      screen.apply(Action::with("choose", "i", static_cast<int>(k)));
      frames(imgui, screen);
    }
    for (const auto& action : lesson->machine_spec->actions) {
      if (!action.params.empty() || !screen.engine().allows(action.name)) continue;
      for (int k = 0; k < 5; ++k)
        screen.apply(Action::make(action.name));
      frames(imgui, screen);
    }
    screen.apply(Action::make("next"));
    frames(imgui, screen, 2);
  }
}

}  // namespace

TEST_CASE("every step of every lesson renders in every locale at 1280x800 and 1024x640") {
  auto files = all_lessons();
  REQUIRE_FALSE(files.empty());
  ImGuiHarness imgui;
  for (const auto& file : files) {
    Diagnostics diags(file.string());
    auto lesson = load_lesson_file(file, diags);
    if (!lesson) continue;  // lessons that `check` rejects are the loader tests' business
    for (auto size : {ImVec2(1280, 800), ImVec2(1024, 640)}) {
      imgui.resize(size.x, size.y);
      for (const auto& locale : lesson->locales) {
        INFO(file.filename().string() << " at " << size.x << "x" << size.y);
        CHECK_NOTHROW(exercise(lesson, locale, imgui));
      }
    }
  }
}

TEST_CASE("extreme but valid lessons render: 1024 GPUs, tiny and huge models, odd text") {
  const char* variants[] = {
      R"("model_gb": 280, "gpu_memory_gb": 80, "gpus": 1024, "slices": 1024, "max_gpus": 1024,
         "max_slices": 1024)",
      R"("model_gb": 0.000001, "gpu_memory_gb": 80, "gpus": 3, "slices": 1)",
      R"("model_gb": 1e9, "gpu_memory_gb": 0.5, "gpus": 1, "slices": 7)",
  };
  for (const char* machine : variants) {
    std::string text = std::string(R"({"format": 1, "id": "x", "version": "1",
      "locales": ["es", "en"], "title": {"es": "%s %d ##x ###y", "en": "LONG"},
      "machine": {"kind": "split", )") +
                       machine + R"(},
      "steps": [
        {"id": "n", "kind": "narrate", "text": {"es": "%s%s%n {{ }}", "en": "LONG"}},
        {"id": "q", "kind": "quiz", "prompt": {"es": "##", "en": "?"},
         "choices": [{"es": "LONG", "en": "."}, {"es": "%s", "en": "###"}], "answer": 1,
         "explain": {"es": "LONG", "en": "."}},
        {"id": "o", "kind": "operate", "goal": "fits", "text": {"es": "{overflow_gb}", "en": "x"},
         "reveal": {"es": "LONG", "en": "."}},
        {"id": "s", "kind": "summary", "key_idea": {"es": "LONG", "en": "."},
         "can_do": {"es": "LONG", "en": "."}, "leads_to": {"es": ".", "en": "LONG"}}]})";
    // An unbreakable word far wider than any window.
    for (std::size_t at; (at = text.find("LONG")) != std::string::npos;) {
      text.replace(at, 4, std::string(600, 'W'));
    }
    Diagnostics diags("x");
    auto lesson = load_lesson(text, diags);
    INFO(machine);
    for (const auto& d : diags.all())
      UNSCOPED_INFO(format_gcc(d));
    REQUIRE(lesson);
    ImGuiHarness imgui(1024, 640);
    for (const auto& locale : lesson->locales)
      CHECK_NOTHROW(exercise(lesson, locale, imgui));
    imgui.resize(640, 400);
    CHECK_NOTHROW(exercise(lesson, "es", imgui));
  }
}
