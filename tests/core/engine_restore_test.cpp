// Engine::restore across a lesson's change of machines: a save taken on the lesson's machine
// restored onto a step that has its own since (a format-2 save, a format-3 edit), and a save
// taken on a step's own machine restored after the step lost it. The learner's lesson machine,
// answers and place are kept, and no machine's settings land on another machine.
#include <catch2/catch.hpp>

#include "../support/edited_lesson.hpp"
#include "lessonsim/engine.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;
using test::load_edited;
using test::machines_lesson;
using test::step_of;

namespace {

// "stack" without its memory-stack machine: a narrate step on the lesson's split machine.
nlohmann::json without_stack_machine(nlohmann::json j) {
  for (const char* key : {"machine", "setup", "actions", "point"})
    step_of(j, "stack").erase(key);
  step_of(j, "stack")["text"] = {{"en", "{gpus} GPUs."}};
  return j;
}

// The learner's save on "stack" with the lesson's machine at 4 GPUs and "start" done.
nlohmann::json saved_on_stack(const std::shared_ptr<const Lesson>& lesson) {
  Engine e(lesson);
  e.apply(Action::with("set_gpus", "n", 4));
  REQUIRE(e.goal_met());
  e.apply(Action::make("next"));
  REQUIRE(e.step().id == "stack");
  return e.save();
}

}  // namespace

TEST_CASE("restore: a save on the lesson's machine onto a step that now has its own",
          "[engine][saved][format3]") {
  auto before = load_edited(without_stack_machine(machines_lesson()));
  nlohmann::json saved = saved_on_stack(before);
  REQUIRE_FALSE(saved.contains("lesson_machine"));
  auto after = load_edited(machines_lesson());
  Engine e(after);
  REQUIRE(e.restore(saved));
  CHECK(e.step().id == "stack");
  CHECK(e.record(0).goal_reached);
  // The step's own machine as on entry (setup zero 1, then add_gpu and zero_up)...
  CHECK(e.machine().spec().kind == "memory-stack");
  CHECK(e.value("gpus") == 2);
  CHECK(e.value("zero") == 2);
  CHECK(e.save()["lesson_machine"]["gpus"] == 4);
  // ...and the learner's split machine waits behind it.
  e.apply(Action::with("goto", "step", "back"));
  CHECK(e.machine().spec().kind == "split");
  CHECK(e.value("gpus") == 4);
}

TEST_CASE("restore: the lesson's settings never land on a step's own machine of the same kind",
          "[engine][saved][format3]") {
  auto before = load_edited(without_stack_machine(machines_lesson()));
  nlohmann::json saved = saved_on_stack(before);
  nlohmann::json j = without_stack_machine(machines_lesson());
  step_of(j, "stack")["machine"] = {{"kind", "split"}, {"model_gb", 140}, {"gpus", 2}};
  Engine e(load_edited(j));
  REQUIRE(e.restore(saved));
  CHECK(e.value("model_gb") == 140);
  CHECK(e.value("gpus") == 2);
  e.apply(Action::with("goto", "step", "back"));
  CHECK(e.value("model_gb") == 280);
  CHECK(e.value("gpus") == 4);
}

TEST_CASE("restore: a save on a step's own machine after the step lost it",
          "[engine][saved][format3]") {
  nlohmann::json saved = saved_on_stack(load_edited(machines_lesson()));
  REQUIRE(saved["machine"].contains("zero"));
  nlohmann::json j = without_stack_machine(machines_lesson());
  Engine e(load_edited(j));
  REQUIRE(e.restore(saved));
  CHECK(e.step().id == "stack");
  CHECK(e.machine().spec().kind == "split");
  CHECK(e.value("gpus") == 4);  // the learner's, not the memory stack's 2
  CHECK_FALSE(e.save().contains("lesson_machine"));
  // A step that sets its machine up shows that setup, on the lesson's machine.
  step_of(j, "stack")["setup"] = {{"gpus", 3}};
  Engine set_up(load_edited(j));
  REQUIRE(set_up.restore(saved));
  CHECK(set_up.value("gpus") == 3);
}

TEST_CASE("restore: a step's record whose machine no longer fits keeps its answers",
          "[engine][saved][format3]") {
  auto lesson = load_edited(machines_lesson());
  Engine e(lesson);
  e.apply(Action::with("set_gpus", "n", 4));
  e.apply(Action::with("goto", "step", "stack-guess"));
  e.apply(Action::with("choose", "i", 0));
  nlohmann::json saved = e.save();
  // As "rack-fill" left it when it worked on the lesson's split machine.
  saved["records"]["rack-fill"] = {{"choice", -1},
                                   {"attempts", 0},
                                   {"goal_reached", true},
                                   {"machine", saved["records"]["start"]["machine"]}};
  Engine back(lesson);
  REQUIRE(back.restore(saved));
  int fill = lesson->step_index("rack-fill");
  CHECK(back.record(fill).goal_reached);
  CHECK_FALSE(back.record(fill).machine);
  CHECK(back.record(lesson->step_index("stack-guess")).choice == 0);
  back.apply(Action::with("goto", "step", "rack-fill"));
  CHECK(back.value("servers") == 1);  // the step afresh on its own rack
  // A record machine that is not even an object is damage, not an older lesson: refused.
  saved["records"]["rack-fill"]["machine"] = 3;
  Engine damaged(lesson);
  CHECK_FALSE(damaged.restore(saved));
}
