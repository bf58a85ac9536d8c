// The engine on format 3: every step's machine set up on entry and read-only off operate steps,
// a step's own machine entered and left, and undo, saved progress, hot reload and random play
// following it.
#include <catch2/catch.hpp>

#include "../support/format3_fixture.hpp"
#include "lessonsim/engine.hpp"
#include "lessonsim/lesson_swap.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/playthrough.hpp"
#include "lessonsim/random_play.hpp"

using namespace lessonsim;

namespace {

bool refused(const Events& events) {
  return events.size() == 1 && events[0].kind == EventKind::rejected;
}

// Walks to the rack step having left the lesson's machine at 4 GPUs on "drive".
void to_rack(Engine& e) {
  e.apply(Action::with("goto", "step", "drive"));
  e.apply(Action::with("set_gpus", "n", 4));
  REQUIRE(e.goal_met());
  e.apply(Action::make("next"));
  REQUIRE(e.step().id == "rack");
}

}  // namespace

TEST_CASE("engine: a narrate step shows its machine as its setup says", "[engine][format3]") {
  Engine e(test::format3_lesson());
  CHECK(e.shows_machine());
  CHECK(e.value("gpus") == 2);
  CHECK(e.render(e.step().text, "en") == "2 GPUs of 80 GB.");
  // The picture is to look at: the machine does not move here.
  auto refusal = e.apply(Action::make("add_gpu"));
  REQUIRE(refused(refusal));
  CHECK(refusal[0].text.in("en") == "The machine is driven in the hands-on steps.");
  CHECK(e.value("gpus") == 2);
  CHECK_FALSE(e.allows("add_gpu"));
  e.apply(Action::make("next"));
  CHECK_FALSE(e.shows_machine());  // "show": false
  CHECK(e.value("gpus") == 2);     // without a setup, the machine as the learner arrived
  e.apply(Action::make("next"));
  CHECK(e.value("gpus") == 2);  // setup 1, then its action add_gpu
  CHECK(e.render(e.step().text, "en") == "With 2 GPUs, how many more?");
}

TEST_CASE("engine: a step's own machine is entered and left", "[engine][format3]") {
  Engine e(test::format3_lesson());
  to_rack(e);
  CHECK(e.machine().spec().kind == "rack");
  CHECK(e.value("servers") == 4);
  CHECK(e.render(e.step().text, "en").starts_with("4 servers draw"));
  CHECK_THROWS_AS(e.value("model_gb"), UnknownVariable);  // the lesson's split machine's
  e.apply(Action::make("next"));
  CHECK(e.value("servers") == 2);  // the operate step's own machine, fresh
  CHECK(e.allows("add_server"));
  CHECK_FALSE(e.allows("add_gpu"));
  CHECK(refused(e.apply(Action::make("add_gpu"))));
  e.apply(Action::make("add_server"));
  e.apply(Action::make("add_server"));
  CHECK(e.goal_met());
  e.apply(Action::make("next"));
  // Back on the lesson's machine as the learner left it on "drive".
  CHECK(e.step().id == "after");
  CHECK(e.machine().spec().kind == "split");
  CHECK(e.value("gpus") == 4);
  e.apply(Action::make("next"));
  CHECK(e.step().kind == StepKind::summary);
  CHECK(e.shows_machine());
  CHECK(e.value("gpus") == 4);  // the summary keeps the learner's machine
  // Back into the rack step and out again: the learner's servers are kept on the operate step.
  e.apply(Action::with("goto", "step", "fill"));
  CHECK(e.value("servers") == 4);
  e.apply(Action::make("back"));
  e.apply(Action::make("back"));
  CHECK(e.step().id == "drive");
  CHECK(e.value("gpus") == 4);
}

TEST_CASE("engine: undo on a step's own machine", "[engine][format3]") {
  Engine e(test::format3_lesson());
  to_rack(e);
  e.apply(Action::make("next"));
  e.apply(Action::make("add_server"));
  CHECK(e.value("servers") == 3);
  REQUIRE(e.can_undo());
  e.apply(Action::make("undo"));
  CHECK(e.value("servers") == 2);
  CHECK_FALSE(e.can_undo());
  e.apply(Action::make("add_server"));
  e.apply(Action::make("add_server"));
  e.apply(Action::make("next"));
  CHECK(e.value("gpus") == 4);
}

TEST_CASE("engine: saved progress on a step's own machine round-trips", "[engine][format3]") {
  auto lesson = test::format3_lesson();
  Engine e(lesson);
  to_rack(e);
  e.apply(Action::make("next"));
  e.apply(Action::make("add_server"));
  nlohmann::json saved = e.save();
  CHECK(saved["machine"]["servers"] == 3);
  CHECK(saved["lesson_machine"]["gpus"] == 4);
  Engine back(lesson);
  REQUIRE(back.restore(saved));
  CHECK(back.save() == saved);
  CHECK(back.step().id == "fill");
  CHECK(back.value("servers") == 3);
  back.apply(Action::make("add_server"));
  back.apply(Action::make("next"));
  CHECK(back.value("gpus") == 4);  // the lesson's machine came back with the save
  // A lesson machine's settings where the rack's belong are refused, not half restored.
  nlohmann::json wrong = saved;
  wrong["machine"] = saved["lesson_machine"];
  Engine refused_engine(lesson);
  CHECK_FALSE(refused_engine.restore(wrong));
  CHECK(refused_engine.step().id == "hook");
}

TEST_CASE("engine: hot reload keeps the learner on a step's own machine", "[engine][format3]") {
  Engine e(test::format3_lesson());
  to_rack(e);
  e.apply(Action::make("next"));
  e.apply(Action::make("add_server"));
  SwappedLesson swapped = swap_lesson(e, test::format3_lesson());
  CHECK(swapped.notice.empty());
  CHECK(swapped.engine.step().id == "fill");
  CHECK(swapped.engine.value("servers") == 3);
  swapped.engine.apply(Action::make("add_server"));
  swapped.engine.apply(Action::make("next"));
  CHECK(swapped.engine.value("gpus") == 4);
}

TEST_CASE("engine: playthroughs and random play follow the step's machine", "[engine][format3]") {
  auto lesson = test::format3_lesson();
  for (const auto& p : lesson->playthroughs) {
    auto result = run_playthrough(lesson, p);
    INFO(result.message);
    CHECK(result.passed);
  }
  // A condition on the lesson's machine judged while the rack is on screen fails, saying so.
  Playthrough wrong = lesson->playthroughs[0];
  wrong.expect[3].holds = lesson->playthroughs[0].expect[4].holds;
  wrong.expect[3].holds_text = "fits && gpus == 4";
  auto failed = run_playthrough(lesson, wrong);
  CHECK_FALSE(failed.passed);
  CHECK(failed.message.find("the rack machine of step \"fill\" has no such variables") !=
        std::string::npos);
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    auto r = random_play(lesson, 2000, seed);
    INFO(r.message);
    CHECK(r.passed);
  }
}

TEST_CASE("engine: undo never crosses into or out of a step's own machine", "[engine][format3]") {
  Engine e(test::format3_machines_lesson());
  e.apply(Action::with("set_gpus", "n", 4));
  REQUIRE(e.can_undo());
  e.apply(Action::make("next"));
  CHECK(e.machine().spec().kind == "memory-stack");
  CHECK_FALSE(e.can_undo());
  CHECK(refused(e.apply(Action::make("undo"))));
  CHECK(e.value("gpus") == 2);
  e.apply(Action::with("goto", "step", "rack-fill"));
  e.apply(Action::make("add_server"));
  e.apply(Action::make("add_server"));
  e.apply(Action::make("next"));
  CHECK(e.step().id == "back");
  CHECK(refused(e.apply(Action::make("undo"))));
  CHECK(e.machine().spec().kind == "split");
  CHECK(e.value("gpus") == 4);
  e.apply(Action::make("back"));
  CHECK(e.value("servers") == 3);  // the rack as the learner left it
  CHECK(refused(e.apply(Action::make("undo"))));
  e.apply(Action::make("remove_server"));
  e.apply(Action::make("undo"));
  CHECK(e.value("servers") == 3);
}

TEST_CASE("engine: random play over two step machines of different kinds", "[engine][format3]") {
  auto lesson = test::format3_machines_lesson();
  for (const auto& p : lesson->playthroughs) {
    auto result = run_playthrough(lesson, p);
    INFO(result.message);
    CHECK(result.passed);
  }
  for (std::uint64_t seed : {11u, 12u, 13u}) {
    auto r = random_play(lesson, 3000, seed);
    INFO(r.message);
    CHECK(r.passed);
  }
}
