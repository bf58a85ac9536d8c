// The course map, review, glossary and capability card screens with ImGui running but no window:
// both locales, 100% and 200% text, every theme; nothing may assert, and what matters stays on
// screen. The map's grid is tested as a plain function.
#include <catch2/catch.hpp>

#include <filesystem>

#include "../support/shipped_course.hpp"
#include "card_screen.hpp"
#include "course_map_layout.hpp"
#include "course_map_screen.hpp"
#include "glossary_screen.hpp"
#include "imgui_assert.hpp"
#include "imgui_harness.hpp"
#include "lessonsim/course.hpp"
#include "lessonsim/loader.hpp"
#include "review_screen.hpp"
#include "settings_window.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using lessonsim::ui::testing::ImGuiHarness;

namespace {

const Course& course() {
  return test::shipped_course();
}

// Two lessons done, the third in progress, the first lesson's questions due.
JourneyView sample_view(const std::string& locale) {
  const Course& c = course();
  std::vector<SavedLesson> saved;
  for (std::size_t k = 0; k < 3; ++k) {
    saved.push_back({c.lessons[k].id, "",
                     nlohmann::json{{"step", c.lessons[k].lesson->steps[1].id}}, k < 2,
                     k < 2 ? "2026-11-20" : ""});
  }
  JourneyView v;
  v.locale = locale;
  v.locales = {"es", "en"};
  v.course_title = c.title.in(locale);
  v.path = course_path(c, saved);
  std::vector<DueCard> due;
  for (const auto& s : c.lessons[0].lesson->steps) {
    if (s.kind == StepKind::quiz) due.push_back({c.lessons[0].id, s.id, {}});
  }
  v.due = review_items(c, due);
  v.glossary = met_glossary(v.path, locale);
  v.card = capability_card(c, v.path, locale, "2026-11-29");
  v.card_markdown_path = "/home/learner/.local/share/lessonsim/card.md";
  v.card_png_path = "/home/learner/.local/share/lessonsim/card.png";
  return v;
}

void set_scale(float scale) {
  static FontData data{testing::read_font("DejaVuSans.ttf"),
                       testing::read_font("DejaVuSans-Bold.ttf")};
  build_fonts(*ImGui::GetIO().Fonts, data, scale);
  apply_theme(scale);
}

void require_inside(const std::optional<Rect>& r, float width, const char* what) {
  INFO(what);
  REQUIRE(r.has_value());
  CHECK(r->x0 >= 0);
  CHECK(r->x1 <= width + 0.5f);
  CHECK(r->width() > 0);
}

}  // namespace

TEST_CASE("map grid: columns reflow with the width and text size, never wider than the width") {
  for (float font : {20.0f, 30.0f, 40.0f}) {
    for (float width : {200.0f, 500.0f, 900.0f, 1280.0f, 2560.0f, 5000.0f}) {
      MapGrid g = map_grid(width, font);
      INFO("font " << font << ", width " << width);
      CHECK(g.columns >= 1);
      CHECK(g.columns <= 4);
      float used =
          g.card_width * static_cast<float>(g.columns) + g.gap * static_cast<float>(g.columns - 1);
      CHECK(used <= width + 0.01f);
      CHECK(g.left + used <= width + 0.01f);
      CHECK(g.card_width <= font * 30 + 0.01f);
      if (width >= font * 18) CHECK(g.card_width >= font * 18 - 0.01f);
    }
  }
  CHECK(map_grid(1280, 20).columns == 3);
  CHECK(map_grid(1280, 40).columns == 1);  // 200% text: one card a row
  auto cells = map_cells(8, map_grid(1280, 20));
  REQUIRE(cells.size() == 8);
  CHECK(cells[2].row == 0);
  CHECK(cells[2].column == 2);
  CHECK(cells[3].row == 1);
  CHECK(cells[3].column == 0);
}

TEST_CASE("journey screens render in both locales, at 100% and 200%, in every theme") {
  ImGuiHarness imgui;
  for (Theme theme : {Theme::light, Theme::dark, Theme::high_contrast}) {
    for (float scale : {1.0f, 2.0f}) {
      set_palette(theme, theme == Theme::dark);
      set_scale(scale);
      for (const char* locale : {"es", "en"}) {
        INFO(theme_name(theme) << " at " << scale * 100 << "%, " << locale);
        JourneyView view = sample_view(locale);
        JourneyRequests r;
        CourseMapScreen map;
        CHECK_NOTHROW(testing::frames([&] { map.frame(view, r); }));
        float width = ImGui::GetIO().DisplaySize.x;
        require_inside(map.target("continue"), width, "continue");
        require_inside(map.target("review"), width, "review");
        require_inside(map.target("card"), width, "card");
        require_inside(map.target("lesson:" + course().lessons[0].id), width, "first lesson");
        ReviewScreen review;
        CHECK_NOTHROW(testing::frames([&] { review.frame(view, r); }));
        require_inside(review.target("choice1"), width, "review choice");
        GlossaryScreen glossary;
        CHECK_NOTHROW(testing::frames([&] { glossary.frame(view, r); }));
        CHECK(glossary.shown() == static_cast<int>(view.glossary.size()));
        CardScreen card;
        CHECK_NOTHROW(testing::frames([&] { card.frame(view, r); }));
        CHECK_NOTHROW(testing::frames([&] { card_picture_frame(view.card); }));
        Settings settings;
        SettingsWindow window;
        window.open();
        CHECK_NOTHROW(testing::frames([&] { window.frame(settings, locale); }));
        CHECK(window.is_open());
        CHECK_FALSE(r.quit);
      }
    }
  }
  set_palette(Theme::light, false);
  set_scale(1.0f);
}

TEST_CASE("the map: Enter opens the lesson in progress; the entries switch screens") {
  ImGuiHarness imgui;
  JourneyView view = sample_view("en");
  CourseMapScreen map;
  JourneyRequests r;
  testing::frames([&] { map.frame(view, r); });
  CHECK(r.open_lesson.empty());
  ImGuiIO& io = ImGui::GetIO();
  io.KeysDown[io.KeyMap[ImGuiKey_Enter]] = true;
  testing::frames([&] { map.frame(view, r); }, 1);
  io.KeysDown[io.KeyMap[ImGuiKey_Enter]] = false;
  CHECK(r.open_lesson == course().lessons[2].id);
  r = {};
  io.AddInputCharacter('g');
  testing::frames([&] { map.frame(view, r); }, 1);
  REQUIRE(r.go.has_value());
  CHECK(*r.go == ScreenId::glossary);
  CHECK(state_label(LessonState::later, "en") == "○ Later");
  CHECK(state_label(LessonState::done, "es") == "✓ Completada");
}

TEST_CASE("review: an answer is judged by core, then keys 1-4 rate it") {
  ImGuiHarness imgui;
  JourneyView view = sample_view("en");
  REQUIRE_FALSE(view.due.empty());
  const Step& quiz = view.due.front().quiz();
  ReviewScreen review;
  JourneyRequests r;
  testing::frames([&] { review.frame(view, r); });
  int wrong = quiz.answer == 0 ? 1 : 0;
  ImGui::GetIO().AddInputCharacter(static_cast<ImWchar>('1' + wrong));
  testing::frames([&] { review.frame(view, r); }, 1);
  CHECK(review.choice() == wrong);
  CHECK_FALSE(r.rate.has_value());
  testing::frames([&] { review.frame(view, r); }, 1);
  require_inside(review.target("again"), ImGui::GetIO().DisplaySize.x, "again");
  ImGui::GetIO().AddInputCharacter('1');
  testing::frames([&] { review.frame(view, r); }, 1);
  REQUIRE(r.rate.has_value());
  CHECK(*r.rate == Rating::again);
  CHECK(r.rated_step == quiz.id);
}

TEST_CASE("glossary: the search filters the terms") {
  ImGuiHarness imgui;
  JourneyView view = sample_view("en");
  GlossaryScreen glossary;
  JourneyRequests r;
  glossary.set_filter("vram");
  testing::frames([&] { glossary.frame(view, r); });
  CHECK(glossary.shown() >= 1);
  CHECK(glossary.shown() < static_cast<int>(view.glossary.size()));
  glossary.set_filter("zzzz-no-such-term");
  testing::frames([&] { glossary.frame(view, r); });
  CHECK(glossary.shown() == 0);
}
