// Pictures to scale: every step of every lesson, after each move of its playthroughs, in both
// languages and at both window sizes, draws each quantity in proportion (check_marks), and the
// checker itself catches a picture that is not.
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>

#include "imgui_harness.hpp"
#include "lessonsim/loader.hpp"
#include "scale.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using lessonsim::ui::testing::ImGuiHarness;

namespace {

std::vector<std::shared_ptr<const Lesson>> lessons() {
  std::vector<std::shared_ptr<const Lesson>> out;
  for (const auto& entry : std::filesystem::directory_iterator(
           std::filesystem::path(LESSONSIM_SOURCE_DIR) / "lessons")) {
    if (entry.path().extension() != ".json" || entry.path().filename() == "course.json") continue;
    Diagnostics diags(entry.path().string());
    auto lesson = load_lesson_file(entry.path(), diags);
    INFO(entry.path());
    REQUIRE(lesson);
    out.push_back(lesson);
  }
  return out;
}

Mark bar(double gb, float px, bool broken = false, std::string label = "1 GB") {
  Mark m;
  m.quantity = "memory";
  m.unit = "B";
  m.value = gb * 1e9;
  m.rect = {0, 0, px, 10};
  m.broken = broken;
  m.label = std::move(label);
  return m;
}

// Draws the screen and returns what breaks the rules, with where it was.
std::vector<std::string> faults(ImGuiHarness& imgui, LessonScreen& screen, Marks& marks,
                                const std::string& where) {
  imgui.frame(screen);
  imgui.frame(screen);
  std::vector<std::string> out;
  for (const auto& fault : check_marks(marks))
    out.push_back(where + " step " + screen.engine().step().id + ": " + fault);
  return out;
}

}  // namespace

TEST_CASE("the marks checker catches what is not to scale") {
  CHECK(check_marks({bar(80, 100), bar(40, 50), bar(20, 25.5f)}).empty());
  CHECK(check_marks({bar(80, 100), bar(60, 100)}).size() >= 1);         // 60 drawn as long as 80
  CHECK(check_marks({bar(80, 100), bar(200, 72, false)}).size() >= 1);  // bigger, shorter
  CHECK(check_marks({bar(80, 100), bar(200, 150, true, "200 GB")}).empty());
  CHECK(check_marks({bar(80, 100), bar(200, 90, true, "200 GB")}).size() >= 1);  // break too short
  CHECK(check_marks({bar(80, 100), bar(200, 150, true, "GB")}).size() >= 1);     // no number
  Mark zoomed = bar(10, 100);
  zoomed.view = "one GPU";
  CHECK(check_marks({bar(80, 100), zoomed}).empty());  // a labelled magnified view of its own
}

TEST_CASE("every step of every lesson, after each playthrough move, is drawn to scale") {
  ImGuiHarness imgui;
  REQUIRE(imgui.font_loaded());
  std::vector<std::string> all;
  std::size_t screens = 0, marked = 0;
  for (const auto& lesson : lessons()) {
    for (auto [w, h] : {std::pair{1280.0f, 800.0f}, std::pair{1024.0f, 640.0f}}) {
      imgui.resize(w, h);
      std::ostringstream size;
      size << lesson->id << " at " << w << "x" << h;
      for (const auto& locale : lesson->locales) {
        // Each step as the learner enters it.
        LessonScreen entered(lesson, locale, true);
        Marks marks;
        entered.record_marks(&marks);
        for (const auto& step : lesson->steps) {
          entered.apply(Action::with("goto", "step", step.id));
          auto f = faults(imgui, entered, marks, size.str() + " " + locale);
          all.insert(all.end(), f.begin(), f.end());
          ++screens;
          marked += marks.empty() ? 0 : 1;
        }
      }
      // Each playthrough, move by move.
      for (const auto& play : lesson->playthroughs) {
        LessonScreen screen(lesson, play.locale.empty() ? lesson->locales.front() : play.locale,
                            true);
        Marks marks;
        screen.record_marks(&marks);
        for (std::size_t k = 0; k < play.actions.size(); ++k) {
          screen.apply(play.actions[k]);
          std::ostringstream where;
          where << size.str() << " '" << play.name << "' after move " << k + 1;
          auto f = faults(imgui, screen, marks, where.str());
          all.insert(all.end(), f.begin(), f.end());
          ++screens;
          marked += marks.empty() ? 0 : 1;
        }
      }
    }
  }
  for (const auto& fault : all)
    UNSCOPED_INFO(fault);
  CHECK(all.empty());
  INFO(screens << " screens, " << marked << " with marks");
  CHECK(marked > screens / 3);  // the machines that draw quantities record them
}
