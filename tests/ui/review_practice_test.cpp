// The review screen's practice items with ImGui running but no window: every lesson's item in both
// locales at 100% and 200%, and one played to its end, where the core's verdict is what shows.
#include <catch2/catch.hpp>

#include <filesystem>

#include "../support/shipped_course.hpp"
#include "imgui_harness.hpp"
#include "lessonsim/course.hpp"
#include "review_screen.hpp"
#include "theme.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using lessonsim::ui::testing::ImGuiHarness;

namespace {

const Course& course() {
  return test::shipped_course();
}

// The practice item of `lesson`'s first operate step with practice, due now.
JourneyView practice_view(const Lesson& lesson, const std::string& locale, std::uint64_t seed) {
  JourneyView v;
  v.locale = locale;
  v.locales = {"es", "en"};
  v.today = 20500;
  for (const auto& s : lesson.steps) {
    if (!s.practice) continue;
    DueCard card{lesson.id, s.id, {}};
    card.kind = "practice";
    card.seed = seed;
    v.due = review_items(course(), {card});
    break;
  }
  return v;
}

void set_scale(float scale) {
  static FontData data{testing::read_font("DejaVuSans.ttf"),
                       testing::read_font("DejaVuSans-Bold.ttf")};
  build_fonts(*ImGui::GetIO().Fonts, data, scale);
  apply_theme(scale);
}

JourneyRequests frame(ReviewScreen& screen, const JourneyView& view) {
  JourneyRequests r;
  ImGui::NewFrame();
  screen.frame(view, r);
  ImGui::Render();
  return r;
}

}  // namespace

TEST_CASE(
    "review practice: every lesson's item draws as a small lesson, both locales, 100% and "
    "200%") {
  ImGuiHarness imgui;
  for (float scale : {1.0f, 2.0f}) {
    set_scale(scale);
    for (const auto& entry : course().lessons) {
      for (const char* locale : {"es", "en"}) {
        INFO(entry.id << " in " << locale << " at " << scale * 100 << "%");
        JourneyView view = practice_view(*entry.lesson, locale, 17);
        REQUIRE(view.due.size() == 1);
        REQUIRE(view.due[0].is_practice());
        ReviewScreen screen;
        for (int k = 0; k < 3; ++k)
          CHECK_NOTHROW(frame(screen, view));
        REQUIRE(screen.practice().active());
        const Engine& engine = screen.practice().run().engine();
        if (engine.step().kind == StepKind::predict) {
          CHECK(screen.target("choice1"));
          screen.play_practice(Action::with("choose", "i", 0));
          screen.play_practice(Action::make("next"));
        }
        for (int k = 0; k < 2; ++k)
          CHECK_NOTHROW(frame(screen, view));
        CHECK(screen.practice().run().engine().step().kind == StepKind::operate);
        CHECK(screen.target("give_up"));
      }
    }
  }
}

TEST_CASE(
    "review practice: played to the goal, the app is asked to save it, then the next date "
    "shows") {
  ImGuiHarness imgui;
  set_scale(1.0f);
  const Lesson& split = *course().lessons[0].lesson;
  JourneyView view = practice_view(split, "en", 5);
  ReviewScreen screen;
  frame(screen, view);
  const Step& predict = screen.practice().run().engine().step();
  REQUIRE(predict.kind == StepKind::predict);
  screen.play_practice(Action::with("choose", "i", predict.answer));
  frame(screen, view);
  CHECK(screen.target("next"));
  screen.play_practice(Action::make("next"));
  frame(screen, view);
  int need = static_cast<int>(screen.practice().run().engine().value("min_gpus"));
  JourneyRequests asked;
  for (int k = 1; k < need; ++k) {
    CHECK_FALSE(frame(screen, view).practice_done);
    screen.play_practice(Action::make("add_gpu"));
  }
  asked = frame(screen, view);
  REQUIRE(asked.practice_done);
  CHECK(asked.practice_done == &screen.practice().run());
  CHECK(asked.rated_lesson == split.id);
  CHECK(asked.rated_step == "drive");
  // The verdict is the core's: right first time, so FSRS hears "good".
  CHECK(asked.practice_done->outcome() == PracticeOutcome::right_first_time);
  CHECK(asked.practice_done->rating() == Rating::good);
  // Saved once; the item stays with its reveal until the learner moves on.
  view.next_due[split.id + "/drive"] = view.today + 4;
  view.due.clear();
  CHECK_FALSE(frame(screen, view).practice_done);
  CHECK(screen.practice().active());
  CHECK(screen.target("continue"));
}

TEST_CASE(
    "review practice: while the machine is driven its letters are its keys, not the "
    "journey's") {
  ImGuiHarness imgui;
  set_scale(1.0f);
  const Lesson& split = *course().lessons[0].lesson;
  JourneyView view = practice_view(split, "en", 5);
  ReviewScreen screen;
  frame(screen, view);
  ImGui::GetIO().AddInputCharacter('m');
  CHECK(frame(screen, view).go == ScreenId::map);  // on the prediction, M is the map
  screen.play_practice(Action::with("choose", "i", 0));
  screen.play_practice(Action::make("next"));
  frame(screen, view);
  REQUIRE(screen.practice().driving());
  screen.play_practice(Action::make("add_gpu"));
  frame(screen, view);
  double gpus = screen.practice().run().engine().value("gpus");
  ImGui::GetIO().AddInputCharacter('-');  // the split machine's remove_gpu key
  ImGui::GetIO().AddInputCharacter('m');  // and merge's
  JourneyRequests r = frame(screen, view);
  CHECK_FALSE(r.go);
  CHECK_FALSE(r.open_settings);
  CHECK(screen.practice().run().engine().value("gpus") == gpus - 1);
}

TEST_CASE("review practice: U undoes a move when the engine can take one back, and only then") {
  ImGuiHarness imgui;
  set_scale(1.0f);
  const Lesson& split = *course().lessons[0].lesson;
  JourneyView view = practice_view(split, "en", 5);
  ReviewScreen screen;
  frame(screen, view);
  screen.play_practice(Action::with("choose", "i", 0));
  screen.play_practice(Action::make("next"));
  frame(screen, view);
  REQUIRE(screen.practice().driving());
  REQUIRE_FALSE(screen.practice().run().engine().can_undo());
  std::size_t moves = screen.practice().run().actions().size();
  ImGui::GetIO().AddInputCharacter('u');
  frame(screen, view);
  CHECK(screen.practice().run().actions().size() == moves);  // nothing to undo: nothing sent
  screen.play_practice(Action::make("add_gpu"));
  double gpus = screen.practice().run().engine().value("gpus");
  frame(screen, view);
  ImGui::GetIO().AddInputCharacter('u');
  frame(screen, view);
  CHECK(screen.practice().run().actions().back().op == "undo");
  CHECK(screen.practice().run().engine().value("gpus") == gpus - 1);
}
