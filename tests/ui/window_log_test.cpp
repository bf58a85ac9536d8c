// What the window logs: moves played on the lesson screen reach the progress store's event log,
// and a finished lesson leaves one review card per quiz step.
#include <catch2/catch.hpp>

#include <filesystem>

#include "imgui_harness.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/session.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using lessonsim::ui::testing::ImGuiHarness;

namespace {

std::shared_ptr<const Lesson> datacenter_split() {
  Diagnostics diags("datacenter-split");
  auto lesson = load_lesson_file(
      std::filesystem::path(LESSONSIM_SOURCE_DIR) / "lessons/datacenter-split.json", diags);
  REQUIRE(lesson);
  return lesson;
}

// What the window does after each frame.
void log_frame(LessonScreen& screen, ProgressStore& store) {
  Events events = screen.take_events();
  record_move(store, screen.engine(), "hash", events, 100);
}

}  // namespace

TEST_CASE("feedback rules played in the window are counted per lesson, step and rule") {
  ImGuiHarness imgui;
  auto store = ProgressStore::in_memory();
  LessonScreen screen(datacenter_split(), "en", true);
  screen.apply(Action::with("goto", "step", "drive"));
  log_frame(screen, *store);
  // Typed like a learner: '+' adds a GPU; the drive step's rules fire at 1, 2 and 3 GPUs.
  for (int k = 0; k < 2; ++k) {
    imgui.type(screen, '+');
    log_frame(screen, *store);
  }
  nlohmann::json counts = store->feedback_counts();
  INFO(counts.dump());
  REQUIRE(counts.contains("datacenter-split"));
  REQUIRE(counts["datacenter-split"].contains("drive"));
  int total = 0;
  for (const auto& [rule, n] : counts["datacenter-split"]["drive"].items()) {
    CHECK(rule != "-1");
    total += n.get<int>();
  }
  CHECK(total == 3);  // entering the step at 1 GPU, then 2 and 3
  CHECK(store->cards().empty());
}

TEST_CASE("finishing a lesson in the window adds a review card per quiz step") {
  ImGuiHarness imgui;
  auto store = ProgressStore::in_memory();
  auto lesson = datacenter_split();
  LessonScreen screen(lesson, "en", true);
  screen.apply(Action::with("goto", "step", "power-quiz"));
  screen.apply(Action::with("choose", "i", 1));
  imgui.frame(screen);
  log_frame(screen, *store);
  imgui.key(screen, ImGuiKey_Enter);  // on to the summary
  imgui.key(screen, ImGuiKey_Enter);  // finish
  log_frame(screen, *store);
  REQUIRE(screen.engine().finished());
  auto saved = store->lesson("datacenter-split");
  REQUIRE(saved);
  CHECK(saved->done);
  std::size_t quizzes = 0, practice = 0;
  for (const auto& s : lesson->steps) {
    quizzes += s.kind == StepKind::quiz;
    practice += s.practice != nullptr;
  }
  CHECK(quizzes == 3);  // newer-chip, why-not-wait, power-quiz
  CHECK(practice == 1);
  CHECK(store->cards().size() == quizzes + practice);
  CHECK(store->due_cards(100).empty());  // first due the day after
  CHECK(store->due_cards(101).size() == quizzes + practice);
}
