#include <catch2/catch.hpp>

#include "../support/edited_lesson.hpp"
#include "lessonsim/lesson_swap.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;
using test::load_edited;
using test::machines_lesson;
using test::step_of;

namespace {

nlohmann::json split_lesson() {
  std::string text, error;
  REQUIRE(
      read_file(std::string(LESSONSIM_SOURCE_DIR) + "/lessons/datacenter-split.json", text, error));
  return nlohmann::json::parse(text);
}

// The learner on "drive" with 3 GPUs, having answered the prediction.
Engine on_drive(const std::shared_ptr<const Lesson>& lesson) {
  Engine e(lesson);
  e.apply(Action::with("goto", "step", "guess"));
  e.apply(Action::with("choose", "i", 2));
  e.apply(Action::with("goto", "step", "drive"));
  e.apply(Action::make("add_gpu"));
  e.apply(Action::make("add_gpu"));
  REQUIRE(e.value("gpus") == 3);
  return e;
}

}  // namespace

TEST_CASE("swap: an edited text keeps the step, the machine and the answers", "[swap]") {
  nlohmann::json j = split_lesson();
  Engine old = on_drive(load_edited(j));
  step_of(j, "drive")["text"]["en"] = "Edited while you were here.";
  auto swapped = swap_lesson(old, load_edited(j));
  CHECK(swapped.notice.empty());
  CHECK(swapped.engine.step().id == "drive");
  CHECK(swapped.engine.value("gpus") == 3);
  CHECK(swapped.engine.record(swapped.engine.lesson().step_index("guess")).choice == 2);
  CHECK(swapped.engine.render(swapped.engine.step().text, "en") == "Edited while you were here.");
  CHECK(swapped.engine.save()["records"] == old.save()["records"]);
}

TEST_CASE("swap: a machine setting the learner left alone takes the edited value", "[swap]") {
  nlohmann::json j = split_lesson();
  Engine old = on_drive(load_edited(j));
  // 230 GB needs three GPUs, a choice the prediction offers, so the edited lesson loads.
  j["machine"]["model_gb"] = 230;
  auto swapped = swap_lesson(old, load_edited(j));
  CHECK(swapped.notice.empty());
  CHECK(swapped.engine.value("model_gb") == 230);
  CHECK(swapped.engine.value("gpus") == 3);  // the learner's own move stays
  CHECK(swapped.engine.value("min_gpus") == 3);
}

TEST_CASE("swap: a deleted step puts the learner on the step now at its place", "[swap]") {
  nlohmann::json j = split_lesson();
  auto before = load_edited(j);
  Engine old = on_drive(before);
  int index = old.step_index();
  auto& steps = j["steps"];
  steps.erase(steps.begin() + index);
  j.erase("playthroughs");  // they name the deleted step
  auto swapped = swap_lesson(old, load_edited(j));
  CHECK(swapped.engine.step_index() == index);
  CHECK(swapped.engine.step().id == before->steps[static_cast<std::size_t>(index) + 1].id);
  CHECK_THAT(swapped.notice.in("en"), Catch::Contains("\"drive\" is gone"));
  CHECK_THAT(swapped.notice.in("es"), Catch::Contains("\"drive\""));
}

TEST_CASE("swap: with the steps cut short the learner lands on the last one", "[swap]") {
  nlohmann::json j = split_lesson();
  Engine old = on_drive(load_edited(j));
  auto& steps = j["steps"];
  steps.erase(steps.begin() + 3, steps.end());
  // The cut steps' playthroughs and the course link would no longer load.
  j.erase("playthroughs");
  auto swapped = swap_lesson(old, load_edited(j));
  CHECK(swapped.engine.step_index() == 2);
  CHECK(swapped.engine.step().id == "cut");
  CHECK_FALSE(swapped.notice.empty());
}

TEST_CASE("swap: a machine state the edit no longer allows starts the step afresh", "[swap]") {
  nlohmann::json j = split_lesson();
  Engine old = on_drive(load_edited(j));
  old.apply(Action::make("add_gpu"));
  old.apply(Action::make("add_gpu"));
  REQUIRE(old.value("gpus") == 5);
  j["machine"]["max_gpus"] = 4;
  auto swapped = swap_lesson(old, load_edited(j));
  CHECK(swapped.engine.step().id == "drive");
  CHECK(swapped.engine.value("gpus") == 1);
  CHECK_THAT(swapped.notice.in("en"), Catch::Contains("starts afresh"));
  // Only the machine starts afresh: the prediction made before stays made.
  CHECK(swapped.engine.record(swapped.engine.lesson().step_index("guess")).choice == 2);
}

TEST_CASE("swap: undo keeps working across a reload that keeps the place", "[swap]") {
  nlohmann::json j = split_lesson();
  auto before = load_edited(j);
  std::vector<Action> moves = {
      Action::with("goto", "step", "guess"), Action::with("choose", "i", 2),
      Action::with("goto", "step", "drive"), Action::make("add_gpu"), Action::make("add_gpu")};
  Engine old(before);
  for (const auto& a : moves)
    old.apply(a);
  step_of(j, "drive")["text"]["en"] = "Edited words.";
  auto swapped = swap_lesson_replaying(old, load_edited(j), moves);
  CHECK(swapped.engine.value("gpus") == 3);
  REQUIRE(swapped.engine.can_undo());
  swapped.engine.apply(Action::make("undo"));
  CHECK(swapped.engine.value("gpus") == 2);

  // Moves that do not lead to the learner's place are not trusted: the swap stands.
  auto other = swap_lesson_replaying(old, load_edited(j), {Action::make("next")});
  CHECK(other.engine.step().id == "drive");
  CHECK(other.engine.value("gpus") == 3);
}

TEST_CASE("swap: a formula machine keeps the learner's moves across an edit", "[swap]") {
  std::string text, error;
  REQUIRE(read_file(std::string(LESSONSIM_SOURCE_DIR) + "/lessons/own-or-rent.json", text, error));
  nlohmann::json j = nlohmann::json::parse(text);
  auto before = load_edited(j);
  Engine e(before);
  e.apply(Action::with("goto", "step", "find-even"));
  e.apply(Action::with("set_month", "n", 10));
  step_of(j, "find-even")["text"]["en"] = "Edited.";
  auto swapped = swap_lesson(e, load_edited(j));
  CHECK(swapped.engine.step().id == "find-even");
  CHECK(swapped.engine.value("month") == 10);
  CHECK(swapped.notice.empty());
}

TEST_CASE("swap: a step given its own machine keeps the learner's lesson machine behind it",
          "[swap][format3]") {
  nlohmann::json j = machines_lesson();
  Engine old(load_edited(j));
  old.apply(Action::with("set_gpus", "n", 4));
  old.apply(Action::with("goto", "step", "back"));
  REQUIRE(old.value("gpus") == 4);
  step_of(j, "back")["machine"] = {{"kind", "rack"}, {"servers", 2}};
  step_of(j, "back").erase("point");
  auto swapped = swap_lesson(old, load_edited(j));
  CHECK(swapped.notice.empty());
  CHECK(swapped.engine.step().id == "back");
  CHECK(swapped.engine.machine().spec().kind == "rack");
  CHECK(swapped.engine.value("servers") == 2);
  CHECK(swapped.engine.record(0).goal_reached);
  swapped.engine.apply(Action::make("next"));
  CHECK(swapped.engine.machine().spec().kind == "split");
  CHECK(swapped.engine.value("gpus") == 4);
}

TEST_CASE("swap: a step that loses its own machine shows the learner's lesson machine",
          "[swap][format3]") {
  nlohmann::json j = machines_lesson();
  Engine old(load_edited(j));
  old.apply(Action::with("set_gpus", "n", 4));
  old.apply(Action::make("next"));
  REQUIRE(old.machine().spec().kind == "memory-stack");
  for (const char* key : {"machine", "setup", "actions", "point"})
    step_of(j, "stack").erase(key);
  step_of(j, "stack")["text"] = {{"en", "{gpus} GPUs."}};
  auto swapped = swap_lesson(old, load_edited(j));
  CHECK(swapped.notice.empty());
  CHECK(swapped.engine.step().id == "stack");
  CHECK(swapped.engine.machine().spec().kind == "split");
  CHECK(swapped.engine.value("gpus") == 4);
  CHECK(swapped.engine.render(swapped.engine.step().text, "en") == "4 GPUs.");
}
