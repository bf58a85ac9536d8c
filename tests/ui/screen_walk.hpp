// Every screen of every shipped lesson held to the picture rules (screen_rules.hpp): each step
// as the learner enters it, and after every move of every playthrough, in every locale the
// lesson has and in en-XA, at 1280×800 and 1024×640, at one text size per call; a move within a
// step that is no zoom also keeps every scale where it was.
#pragma once

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "imgui_harness.hpp"
#include "lessonsim/lesson_locale.hpp"
#include "lessonsim/loader.hpp"
#include "screen_rules.hpp"

namespace lessonsim::ui::testing {

inline std::vector<std::shared_ptr<const Lesson>> shipped_lessons() {
  std::vector<std::shared_ptr<const Lesson>> out;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(
           std::filesystem::path(LESSONSIM_SOURCE_DIR) / "lessons")) {
    if (entry.path().extension() == ".json" && entry.path().filename() != "course.json")
      files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& file : files) {
    Diagnostics diags(file.string());
    auto lesson = load_lesson_file(file, diags);
    INFO(file);
    REQUIRE(lesson);
    out.push_back(lesson);
  }
  return out;
}

struct ScreenWalk {
  std::vector<std::string> faults;
  std::size_t screens = 0;
  std::size_t with_marks = 0;
};

// Draws the screen twice (layout that measures the frame before settles) and adds what breaks
// the rules; `before`, the picture after the previous move on the same step, for the scales.
inline void walk_screen(ImGuiHarness& imgui, LessonScreen& screen, Picture& picture,
                        const Picture* before, const std::string& where, ScreenWalk& walk) {
  imgui.frame(screen);
  imgui.frame(screen);
  const ScreenFacts facts =
      screen_facts(screen.engine(), screen.zoomed_on_step(), screen.moves_on_step());
  std::vector<std::string> found = check_screen(picture, facts);
  if (before && !facts.zoomed && !held_to_round_one(facts.machine)) {
    auto moved = check_scales_held(*before, picture);
    found.insert(found.end(), moved.begin(), moved.end());
  }
  for (const auto& fault : found)
    walk.faults.push_back(where + ", step " + facts.step + ": " + fault);
  ++walk.screens;
  walk.with_marks += picture.marks.empty() ? 0 : 1;
}

inline void walk_lesson(ImGuiHarness& imgui, const std::shared_ptr<const Lesson>& shipped,
                        const std::string& locale, const std::string& at, ScreenWalk& walk) {
  auto lesson = lesson_for_locale(shipped, locale);
  const std::string in = at + " " + lesson->id + " in " + locale;
  {
    LessonScreen screen(lesson, locale, true);
    Picture picture;
    screen.record_picture(&picture);
    for (const auto& step : lesson->steps) {
      screen.apply(Action::with("goto", "step", step.id));
      walk_screen(imgui, screen, picture, nullptr, in + " entered", walk);
    }
  }
  for (const auto& play : lesson->playthroughs) {
    LessonScreen screen(lesson, locale, true);
    Picture picture, previous;
    screen.record_picture(&picture);
    for (std::size_t k = 0; k < play.actions.size(); ++k) {
      const std::string step = screen.engine().step().id;
      screen.apply(play.actions[k]);
      const bool same_step = screen.engine().step().id == step && screen.moves_on_step() > 0;
      std::ostringstream where;
      where << in << " '" << play.name << "' after move " << k + 1;
      walk_screen(imgui, screen, picture, same_step ? &previous : nullptr, where.str(), walk);
      previous = picture;
    }
  }
}

// The whole walk at `text_scale` (1 = 100%).
inline ScreenWalk walk_all_screens(float text_scale) {
  ScreenWalk walk;
  ImGuiHarness imgui(1280, 800, text_scale);
  REQUIRE(imgui.font_loaded());
  const auto lessons = shipped_lessons();
  for (auto [w, h] : {std::pair{1280.0f, 800.0f}, std::pair{1024.0f, 640.0f}}) {
    imgui.resize(w, h);
    std::ostringstream at;
    at << w << "x" << h << " at " << text_scale * 100 << "%";
    for (const auto& lesson : lessons) {
      std::vector<std::string> locales = lesson->locales;
      if (lesson_has_locale(*lesson, "en-XA")) locales.push_back("en-XA");
      for (const auto& locale : locales)
        walk_lesson(imgui, lesson, locale, at.str(), walk);
    }
  }
  return walk;
}

inline void require_clean(const ScreenWalk& walk) {
  for (const auto& fault : walk.faults)
    UNSCOPED_INFO(fault);
  INFO(walk.screens << " screens, " << walk.with_marks << " with marks, " << walk.faults.size()
                    << " faults");
  CHECK(walk.faults.empty());
  CHECK(walk.with_marks > walk.screens / 2);  // the machines that draw quantities record them
}

}  // namespace lessonsim::ui::testing
