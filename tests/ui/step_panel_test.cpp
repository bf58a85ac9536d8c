// The step panel and the footer draw the engine's answers: the verdict on a choice, why Continue
// is blocked and whether undo is offered, with no judging of their own.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "imgui_harness.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/messages.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using lessonsim::ui::testing::ImGuiHarness;

namespace {

nlohmann::json mini_json() {
  std::ifstream in(std::filesystem::path(LESSONSIM_SOURCE_DIR) / "tests/ui/data/mini-example.json");
  return nlohmann::json::parse(in);
}

std::shared_ptr<const Lesson> load(const nlohmann::json& j) {
  Diagnostics diags("mini");
  auto lesson = load_lesson(j.dump(), diags);
  REQUIRE(lesson);
  return lesson;
}

// The mini lesson with its prediction's answer set to `answer`, recalled on the operate step.
std::shared_ptr<const Lesson> with_answer(int answer) {
  nlohmann::json j = mini_json();
  for (auto& s : j["steps"]) {
    if (s["id"] == "guess") s["answer"] = answer;
    if (s["id"] == "drive") s["prediction"] = "guess";
  }
  return load(j);
}

bool shows(const std::string& drawn, const std::string& text) {
  return drawn.find(ImGuiHarness::as_drawn(text)) != std::string::npos;
}

}  // namespace

TEST_CASE("step panel: the verdict drawn is the engine's, whichever answer the lesson has") {
  ImGuiHarness imgui;
  for (int answer : {0, 1}) {
    INFO("answer " << answer);
    LessonScreen screen(with_answer(answer), "en", true);
    screen.apply(Action::with("goto", "step", "guess"));
    screen.apply(Action::with("choose", "i", 0));
    REQUIRE(screen.engine().choice_right().has_value());
    bool right = *screen.engine().choice_right();
    CHECK(right == (answer == 0));
    std::string drawn = imgui.frame_text(screen);
    CHECK(shows(drawn, tr("en", "lesson.right")) == right);
    CHECK(shows(drawn, tr("en", "lesson.not_quite")) == !right);

    // On the operate step, the recall of the prediction says the same.
    screen.apply(Action::make("next"));
    for (int k = 0; k < 3; ++k)
      screen.apply(Action::make("add_gpu"));
    REQUIRE(screen.engine().goal_met());
    imgui.frame(screen);  // beside the machine the feedback's pane takes its height from a frame
    drawn = imgui.frame_text(screen);
    CHECK(shows(drawn, tr("en", "lesson.prediction_right")) == right);
    CHECK(shows(drawn, tr("en", "lesson.prediction_wrong")) == !right);
  }
}

TEST_CASE("footer: why Continue is blocked is the engine's reason, in the learner's language") {
  ImGuiHarness imgui;
  for (const char* locale : {"en", "es"}) {
    INFO(locale);
    LessonScreen screen(load(mini_json()), locale, true);
    screen.apply(Action::with("goto", "step", "guess"));
    std::string reason = screen.engine().continue_blocked().in(locale);
    REQUIRE_FALSE(reason.empty());
    CHECK(shows(imgui.frame_text(screen), reason));
    screen.apply(Action::with("choose", "i", 1));
    screen.apply(Action::make("next"));
    reason = screen.engine().continue_blocked().in(locale);
    REQUIRE_FALSE(reason.empty());
    CHECK(shows(imgui.frame_text(screen), reason));
    for (int k = 0; k < 3; ++k)
      screen.apply(Action::make("add_gpu"));
    CHECK(screen.engine().continue_blocked().empty());
    CHECK_FALSE(shows(imgui.frame_text(screen), reason));
  }
}

TEST_CASE("undo is offered exactly when the engine can take a move back") {
  ImGuiHarness imgui;
  LessonScreen screen(load(mini_json()), "en", true);
  screen.apply(Action::with("goto", "step", "drive"));
  imgui.frame(screen);
  const std::string undo = tr("en", "machine.undo");
  CHECK_FALSE(shows(imgui.frame_text(screen), undo));
  screen.apply(Action::make("add_gpu"));
  CHECK(shows(imgui.frame_text(screen), undo));
  imgui.type(screen, 'u');
  CHECK(screen.applied().back().op == "undo");
  CHECK(screen.engine().value("gpus") == 1);
  CHECK_FALSE(shows(imgui.frame_text(screen), undo));

  // Past a step change the U key sends nothing: the engine would refuse it.
  screen.apply(Action::make("add_gpu"));
  screen.apply(Action::make("back"));
  screen.apply(Action::make("next"));
  REQUIRE_FALSE(screen.engine().can_undo());
  std::size_t before = screen.applied().size();
  imgui.type(screen, 'u');
  CHECK(screen.applied().size() == before);
}
