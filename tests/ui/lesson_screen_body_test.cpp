// Large text keeps the machine and the feedback in view: on every operate step of every shipped
// lesson, at 150% and 200% text in the two window sizes the course is filmed at, the canvas and
// the feedback (rule, reveal, refusal) are drawn inside the window, above the footer, together.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>

#include "imgui_assert.hpp"
#include "imgui_harness.hpp"
#include "lessonsim/lesson_locale.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/messages.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using lessonsim::ui::testing::ImGuiHarness;

namespace {

namespace fs = std::filesystem;

struct Size {
  float width, height;
};
constexpr Size sizes[] = {{1280, 800}, {1024, 640}};
constexpr float scales[] = {1.5f, 2.0f};

// The canvas's least room, in lines of its own (capped) text: the body's readable minimum
// beside the narration (19 wide), less a line.
constexpr float canvas_min_width_lines = 18;
constexpr float canvas_min_height_lines = 14;

std::vector<std::string> shipped_lessons() {
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(fs::path(LESSONSIM_SOURCE_DIR) / "lessons")) {
    if (entry.path().extension() == ".json" && entry.path().filename() != "course.json")
      files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string describe(const Rect& r) {
  std::ostringstream out;
  out << '[' << r.x0 << ',' << r.y0 << " – " << r.x1 << ',' << r.y1 << ']';
  return out.str();
}

bool inside(const Rect& r, float x0, float y0, float x1, float y1) {
  return r.x0 >= x0 - 0.5f && r.y0 >= y0 - 0.5f && r.x1 <= x1 + 0.5f && r.y1 <= y1 + 0.5f;
}

// Checks the frame on screen; true when it showed feedback. `where` names lesson, step, size,
// scale, locale and the moment.
bool check_frame(ImGuiHarness& imgui, LessonScreen& screen, float scale, const std::string& where) {
  for (int k = 0; k < 3; ++k)  // panes size themselves from the frame before
    imgui.frame(screen);
  INFO(where);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  auto canvas = screen.target("canvas");
  auto footer = screen.target("continue");
  REQUIRE(canvas);
  REQUIRE(footer);
  const float bottom = footer->y0;  // the footer's row: what lies below it is not the body's
  INFO("canvas " << describe(*canvas) << ", footer from y " << bottom);
  CHECK(inside(*canvas, 0, 0, display.x, bottom));
  // The canvas draws its words no larger than canvas_text_cap.
  const float line = fonts().body->FontSize * std::min(scale, canvas_text_cap) / scale;
  CHECK(canvas->width() >= canvas_min_width_lines * line);
  CHECK(canvas->height() >= canvas_min_height_lines * line);
  auto feedback = screen.target("feedback");
  if (!feedback) return false;
  INFO("feedback " << describe(*feedback));
  CHECK(inside(*feedback, 0, 0, display.x, bottom));
  CHECK(feedback->height() > 0);
  return true;
}

void check_lesson(const std::string& file) {
  Diagnostics diags(file);
  std::shared_ptr<const Lesson> lesson = load_lesson_file(file, diags);
  INFO(file);
  REQUIRE(lesson);
  std::vector<std::string> operate;
  for (const auto& s : lesson->steps) {
    if (s.kind == StepKind::operate) operate.push_back(s.id);
  }
  REQUIRE(!operate.empty());
  for (const Size& size : sizes) {
    for (float scale : scales) {
      ImGuiHarness imgui(size.width, size.height, scale);
      REQUIRE(imgui.font_loaded());
      std::ostringstream config;
      config << lesson->id << " at " << size.width << "x" << size.height << ", "
             << static_cast<int>(scale * 100) << "% text";
      std::set<std::string> with_feedback;
      for (const auto& step : operate) {
        LessonScreen screen(lesson, lesson->locales.front(), true);
        screen.apply(Action::with("goto", "step", step));
        if (check_frame(imgui, screen, scale, config.str() + ", step " + step + " as entered"))
          with_feedback.insert(step);
      }
      // Every move of every playthrough that lands on an operate step: the feedback rules, the
      // refusals and the reveals the lessons' own scripts reach.
      // The English ones also in en-XA, the pseudo-locale's longer words.
      std::vector<std::pair<std::string, const Playthrough*>> runs;
      for (const auto& p : lesson->playthroughs) {
        runs.emplace_back(p.locale, &p);
        if (p.locale == "en") runs.emplace_back("en-XA", &p);
      }
      for (const auto& [locale, p] : runs) {
        LessonScreen screen(lesson_for_locale(lesson, locale), locale, true);
        for (std::size_t k = 0; k < p->actions.size(); ++k) {
          screen.apply(p->actions[k]);
          const Step& s = screen.engine().step();
          if (s.kind != StepKind::operate || screen.engine().finished()) continue;
          std::ostringstream where;
          where << config.str() << ", step " << s.id << ", in " << locale << ", playthrough \""
                << p->name << "\" after action " << k + 1 << " (" << p->actions[k].to_json().dump()
                << ")";
          if (check_frame(imgui, screen, scale, where.str())) with_feedback.insert(s.id);
        }
      }
      for (const auto& step : operate) {
        INFO(config.str() << ", step " << step);
        CHECK(with_feedback.count(step) == 1);  // else no state of it was checked with feedback
      }
    }
  }
}

}  // namespace

TEST_CASE("at 150% and 200% text every operate step shows its canvas and feedback together") {
  const auto lessons = shipped_lessons();
  REQUIRE(lessons.size() >= 9);
  for (const auto& file : lessons) {
    DYNAMIC_SECTION(fs::path(file).stem().string()) {
      check_lesson(file);
    }
  }
}

TEST_CASE("lesson complete: the summary stays, with Next lesson and Restart in view") {
  Diagnostics diags("datacenter-split");
  auto lesson =
      load_lesson_file(fs::path(LESSONSIM_SOURCE_DIR) / "lessons/datacenter-split.json", diags);
  REQUIRE(lesson);
  const Step& last = lesson->steps.back();
  REQUIRE(last.kind == StepKind::summary);
  for (const Size& size : sizes) {
    for (float scale : {1.0f, 2.0f}) {
      INFO(size.width << "x" << size.height << ", " << static_cast<int>(scale * 100) << "% text");
      ImGuiHarness imgui(size.width, size.height, scale);
      LessonScreen screen(lesson, "en", true);
      screen.apply(Action::with("goto", "step", last.id));
      screen.apply(Action::make("next"));
      REQUIRE(screen.engine().finished());
      imgui.frame(screen);
      const std::string drawn = imgui.frame_text(screen);
      auto shows = [&](const std::string& text) {
        return drawn.find(ImGuiHarness::as_drawn(text)) != std::string::npos;
      };
      CHECK(shows(tr("en", "lesson.complete")));
      // At 200% text the last step's machine stands beside the summary (format 3), and the
      // summary's cards are further down its scrolling column.
      if (scale == 1.0f) {
        CHECK(shows(tr("en", "lesson.key_idea")));
        CHECK(shows(last.key_idea.in("en").substr(0, 20)));
      }
      for (const char* button : {"next_lesson", "restart"}) {
        INFO(button);
        auto r = screen.target(button);
        REQUIRE(r);
        CHECK(inside(*r, 0, 0, size.width, size.height));
      }
    }
  }
}

TEST_CASE("questions: at 100% text every answer is in full view, with no scrolling") {
  // The words' pane sizes itself from its content on the frame before; measured a few pixels
  // short, a scrollbar appeared and cut the last answer of every question.
  int whole = 0, scrolling = 0;
  for (const auto& file : shipped_lessons()) {
    Diagnostics diags(file);
    std::shared_ptr<const Lesson> lesson = load_lesson_file(file, diags);
    REQUIRE(lesson);
    for (const Size& size : sizes) {
      ImGuiHarness imgui(size.width, size.height, 1.0f);
      for (const std::string& locale : lesson->locales) {
        LessonScreen screen(lesson, locale, true);
        for (const Step& step : lesson->steps) {
          if (step.kind != StepKind::predict && step.kind != StepKind::quiz) continue;
          INFO(lesson->id << " " << step.id << " " << locale << " " << size.width << "x"
                          << size.height);
          screen.apply(Action::with("goto", "step", step.id));
          for (int k = 0; k < 3; ++k)
            imgui.frame(screen);
          auto pane = screen.target("narration");
          auto footer = screen.target("continue");
          REQUIRE(pane);
          REQUIRE(footer);
          // A question longer than the whole column scrolls, rightly (four long answers in
          // 1024x640); every other must show all its answers.
          if (pane->y1 >= footer->y0 - 3 * ImGui::GetFontSize()) {
            ++scrolling;
            continue;
          }
          ++whole;
          for (std::size_t i = 0; i < step.choices.size(); ++i) {
            auto choice = screen.target("choice" + std::to_string(i + 1));
            REQUIRE(choice);
            CHECK(inside(*choice, pane->x0, pane->y0, pane->x1, pane->y1));
          }
        }
      }
    }
  }
  CHECK(whole > 10 * scrolling);
}
