#include <catch2/catch.hpp>

#include <algorithm>

#include <fstream>
#include <sstream>

#include "lessonsim/engine.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/playthrough.hpp"

using namespace lessonsim;

namespace {

std::shared_ptr<const Lesson> valid() {
  Diagnostics d("valid.json");
  auto lesson =
      load_lesson_file(std::string(LESSONSIM_SOURCE_DIR) + "/tests/core/data/valid.json", d);
  REQUIRE(lesson);
  return lesson;
}

bool has(const Events& events, EventKind kind) {
  for (const auto& e : events) {
    if (e.kind == kind) return true;
  }
  return false;
}

bool refused(const Events& events) {
  return events.size() == 1 && events[0].kind == EventKind::rejected;
}

}  // namespace

TEST_CASE("engine: a lesson walked action by action", "[engine]") {
  Engine e(valid());
  CHECK(e.step().id == "hook");
  CHECK(e.render(e.step().text, "en") == "A 280 GB model.");

  CHECK(refused(e.apply(Action::make("back"))));
  CHECK(has(e.apply(Action::make("next")), EventKind::step_changed));
  CHECK(e.step().id == "guess");

  // A prediction must be made before going on, and is then locked in.
  auto refusal = e.apply(Action::make("next"));
  REQUIRE(refused(refusal));
  CHECK(refusal[0].text.in("en") == "Choose an answer first.");
  auto judged = e.apply(Action::with("choose", "i", 0));
  REQUIRE(judged.size() == 1);
  CHECK(judged[0].kind == EventKind::answer_judged);
  CHECK_FALSE(judged[0].correct);
  CHECK(judged[0].text.in("en") == "280 / 80 = 3.5, so four.");
  CHECK(refused(e.apply(Action::with("choose", "i", 1))));
  CHECK(e.record().choice == 0);
  CHECK(refused(e.apply(Action::with("choose", "i", 7))));

  // The demo shows the solved case whatever the learner did.
  e.apply(Action::make("next"));
  CHECK(e.step().id == "show");
  CHECK(e.value("gpus") == 4);
  CHECK(e.value("fits") == 1);
  CHECK(refused(e.apply(Action::make("add_gpu"))));

  // Operate: the step's setup, then feedback while wrong, the reveal when right.
  auto entered = e.apply(Action::make("next"));
  CHECK(e.step().id == "drive");
  CHECK(e.value("gpus") == 1);
  CHECK(has(entered, EventKind::feedback));
  CHECK(e.render(e.feedback()->say, "en") == "200 GB too many.");
  CHECK(refused(e.apply(Action::make("next"))));
  e.apply(Action::make("add_gpu"));
  e.apply(Action::make("add_gpu"));
  CHECK(e.value("slices") == 3);  // coupled: one slice per GPU
  CHECK(e.render(e.feedback()->say, "es") == "Sobran 13,3 GB.");
  auto solved = e.apply(Action::make("add_gpu"));
  CHECK(has(solved, EventKind::goal_reached));
  CHECK(has(solved, EventKind::reveal_shown));
  CHECK(has(solved, EventKind::feedback_cleared));
  CHECK(e.feedback() == nullptr);
  CHECK(e.goal_met());
  auto too_many = e.apply(Action::make("add_gpu"));
  CHECK_FALSE(has(too_many, EventKind::goal_reached));
  CHECK(e.render(e.feedback()->say, "en") == "Too many.");
  CHECK(e.can_continue());  // the goal was reached once; the learner may explore on

  // The quiz needs the right answer to go on; a wrong one explains and allows another try.
  e.apply(Action::make("next"));
  CHECK(e.step().id == "check");
  CHECK_FALSE(e.apply(Action::with("choose", "i", 1))[0].correct);
  auto retry = e.apply(Action::make("next"));
  REQUIRE(refused(retry));
  CHECK_THAT(retry[0].text.in("en"), Catch::Contains("try another answer"));
  CHECK(e.apply(Action::with("choose", "i", 0))[0].correct);
  CHECK(e.record().attempts == 2);
  e.apply(Action::make("next"));
  CHECK(e.step().kind == StepKind::summary);
  CHECK(has(e.apply(Action::make("next")), EventKind::lesson_finished));
  CHECK(e.finished());
}

TEST_CASE("engine: undo takes back this step's machine moves, never a refused one", "[engine]") {
  Engine e(valid());
  CHECK(refused(e.apply(Action::make("undo"))));
  e.apply(Action::with("goto", "step", "drive"));
  CHECK_FALSE(e.can_undo());  // entering the step is not a move undo takes back
  e.apply(Action::make("add_gpu"));
  e.apply(Action::make("add_gpu"));
  CHECK(refused(e.apply(Action::make("next"))));
  CHECK(e.value("gpus") == 3);
  Events undone = e.apply(Action::make("undo"));
  CHECK(has(undone, EventKind::undone));
  CHECK_FALSE(has(undone, EventKind::step_changed));
  CHECK(e.value("gpus") == 2);
  CHECK(e.render(e.feedback()->say, "en") == "60 GB too many.");
  e.apply(Action::make("undo"));
  CHECK(e.value("gpus") == 1);
  CHECK_FALSE(e.can_undo());
  auto refusal = e.apply(Action::make("undo"));
  REQUIRE(refused(refusal));
  CHECK(refusal[0].text.in("en") == "Nothing to undo.");
  CHECK(e.step().id == "drive");  // the way back to an earlier step is Back, not undo
}

TEST_CASE("engine: leaving, resetting or re-entering a step ends what undo may cross", "[engine]") {
  Engine e(valid());
  e.apply(Action::with("goto", "step", "drive"));
  e.apply(Action::with("set_gpus", "n", 4));
  REQUIRE(e.can_undo());
  for (const char* op : {"next", "back", "reset"}) {
    INFO(op);
    e.apply(Action::make("add_gpu"));
    REQUIRE(e.can_undo());
    e.apply(Action::make(op));
    CHECK_FALSE(e.can_undo());
    CHECK(refused(e.apply(Action::make("undo"))));
    e.apply(Action::with("goto", "step", "drive"));
    CHECK(e.step().id == "drive");
  }
  e.apply(Action::make("add_gpu"));
  e.apply(Action::make("restart"));
  CHECK_FALSE(e.can_undo());
  CHECK(e.step().id == "hook");
}

TEST_CASE("engine: a prediction cannot be undone to be made again", "[engine]") {
  Engine e(valid());
  e.apply(Action::with("goto", "step", "guess"));
  e.apply(Action::with("choose", "i", 0));
  CHECK_FALSE(e.can_undo());
  CHECK(refused(e.apply(Action::make("undo"))));
  CHECK(refused(e.apply(Action::with("choose", "i", 1))));
  CHECK(e.record().choice == 0);
}

TEST_CASE("engine: the verdict on a choice and why Continue is blocked are the engine's",
          "[engine]") {
  Engine e(valid());
  e.apply(Action::with("goto", "step", "guess"));
  CHECK_FALSE(e.choice_right().has_value());
  CHECK(e.continue_blocked().in("en") == "Choose an answer first.");
  e.apply(Action::with("choose", "i", 1));
  CHECK(e.choice_right() == std::optional<bool>(true));
  CHECK(e.continue_blocked().empty());
  e.apply(Action::make("next"));
  CHECK_FALSE(e.choice_right().has_value());  // a demo step has no choice
  CHECK(e.choice_right(e.lesson().step_index("guess")) == std::optional<bool>(true));
  CHECK(e.continue_blocked().empty());

  e.apply(Action::make("next"));
  CHECK(e.continue_blocked().in("en") == "Reach this step's goal first.");
  CHECK_FALSE(e.can_continue());
  e.apply(Action::with("set_gpus", "n", 4));
  CHECK(e.continue_blocked().empty());
  e.apply(Action::make("next"));

  e.apply(Action::with("choose", "i", 1));
  CHECK(e.choice_right() == std::optional<bool>(false));
  auto refusal = e.apply(Action::make("next"));
  REQUIRE(refused(refusal));
  // The refusal of `next` and the reason shown beside Continue are one text.
  CHECK(refusal[0].text.in("es") == e.continue_blocked().in("es"));
  CHECK(e.continue_blocked().in("en") == "Not that one: try another answer to go on.");
  e.apply(Action::with("choose", "i", 0));
  CHECK(e.choice_right() == std::optional<bool>(true));
  CHECK(e.can_continue());
  CHECK_FALSE(e.choice_right(99).has_value());
  CHECK_FALSE(e.choice_right(-1).has_value());
}

TEST_CASE("engine: the verdict follows the lesson's answer, whatever it is", "[engine]") {
  std::ifstream in(std::string(LESSONSIM_SOURCE_DIR) + "/tests/core/data/valid.json");
  nlohmann::json j = nlohmann::json::parse(in);
  for (auto& s : j["steps"]) {
    if (s["id"] == "guess") s["answer"] = 0;
  }
  Diagnostics d("edited.json");
  auto edited = load_lesson(j.dump(), d);
  REQUIRE(edited);
  Engine before(valid()), after(edited);
  for (Engine* e : {&before, &after}) {
    e->apply(Action::with("goto", "step", "guess"));
    e->apply(Action::with("choose", "i", 0));
  }
  CHECK(before.choice_right() == std::optional<bool>(false));
  CHECK(after.choice_right() == std::optional<bool>(true));
}

TEST_CASE("engine: goto, back and reset keep or rebuild the machine as a learner expects",
          "[engine]") {
  Engine e(valid());
  e.apply(Action::with("goto", "step", "drive"));
  e.apply(Action::with("set_gpus", "n", 4));
  CHECK(e.goal_met());
  e.apply(Action::make("next"));
  e.apply(Action::make("back"));
  // Coming back finds the machine as it was left, goal still met.
  CHECK(e.step().id == "drive");
  CHECK(e.value("gpus") == 4);
  CHECK(e.goal_met());
  e.apply(Action::make("reset"));
  CHECK(e.value("gpus") == 1);
  CHECK_FALSE(e.record().goal_reached);
  CHECK(refused(e.apply(Action::with("goto", "step", "nowhere"))));
}

TEST_CASE("engine: restart starts the whole lesson over", "[engine]") {
  auto lesson = valid();
  Engine e(lesson);
  const nlohmann::json fresh = e.save();
  e.apply(Action::make("next"));
  e.apply(Action::with("choose", "i", 1));
  e.apply(Action::with("goto", "step", "drive"));
  e.apply(Action::with("set_gpus", "n", 4));
  REQUIRE(e.goal_met());
  const nlohmann::json played = e.save();
  Events events = e.apply(Action::make("restart"));
  CHECK(e.step_index() == 0);
  CHECK(e.save() == fresh);  // exactly a new learner's state: no records, no machine kept
  CHECK(std::any_of(events.begin(), events.end(),
                    [](const Event& ev) { return ev.kind == EventKind::step_changed; }));
  CHECK(played != fresh);
  CHECK(refused(e.apply(Action::make("undo"))));  // like any move that leaves a step
  CHECK(e.save() == fresh);
}

TEST_CASE("engine: save and restore give back the same place", "[engine]") {
  auto lesson = valid();
  Engine e(lesson);
  e.apply(Action::make("next"));
  e.apply(Action::with("choose", "i", 1));
  e.apply(Action::with("goto", "step", "drive"));
  e.apply(Action::make("add_gpu"));
  nlohmann::json saved = e.save();
  Engine back(lesson);
  REQUIRE(back.restore(saved));
  CHECK(back.step().id == "drive");
  CHECK(back.value("gpus") == 2);
  CHECK(back.record(1).choice == 1);
  CHECK(back.render(back.feedback()->say, "en") == "60 GB too many.");
  // Broken saves are refused, never trusted.
  Engine other(lesson);
  CHECK_FALSE(other.restore(nlohmann::json::parse(R"({"lesson": 5})")));
  CHECK_FALSE(other.restore(nlohmann::json::parse(R"({"lesson": "valid", "step": "gone"})")));
  CHECK_FALSE(other.restore(
      nlohmann::json::parse(R"({"lesson": "valid", "step": "drive", "machine": {"gpus": 99}})")));
  CHECK(other.step().id == "hook");
}

TEST_CASE("playthrough: a wrong expectation fails with what the learner saw", "[playthrough]") {
  auto lesson = std::make_shared<Lesson>(*valid());
  Playthrough p = lesson->playthroughs.at(0);
  CHECK(run_playthrough(lesson, p).passed);

  p.expect.at(0).feedback_contains = "70 GB too many";
  auto r = run_playthrough(lesson, p);
  CHECK_FALSE(r.passed);
  CHECK_THAT(r.message, Catch::Contains("after action 2 (add_gpu)"));
  CHECK_THAT(r.message, Catch::Contains("\"60 GB too many.\""));

  Playthrough refusing = lesson->playthroughs.at(0);
  refusing.actions.push_back(Action::make("back"));
  refusing.actions.push_back(Action::make("back"));
  refusing.actions.push_back(Action::make("back"));
  refusing.actions.push_back(Action::make("back"));
  auto r2 = run_playthrough(lesson, refusing);
  CHECK_FALSE(r2.passed);
  CHECK_THAT(r2.message, Catch::Contains("action 7 (back) was refused: This is the first step."));
}

TEST_CASE("playthrough: refusals, the finish and the recalled prediction can be asserted",
          "[playthrough]") {
  auto lesson = std::make_shared<Lesson>(*valid());
  Playthrough p;
  p.name = "refusal";
  p.locale = "es";
  p.actions = {Action::make("next"), Action::with("choose", "i", 0), Action::with("choose", "i", 1),
               Action::with("goto", "step", "drive")};
  Expectation refusal;
  refusal.after = 3;
  refusal.rejected = true;
  refusal.refusal_contains = "Tu predicción ya está hecha";
  Expectation recall;
  recall.after = 4;
  recall.text_contains = "Tu predicción: Una · La respuesta: Cuatro";
  p.expect = {refusal, recall};
  // The drive step does not name the predict step in valid.json; name it here.
  lesson->steps[3].prediction = "guess";
  auto r = run_playthrough(lesson, p);
  INFO(r.message);
  CHECK(r.passed);

  p.expect[0].refusal_contains = "something else";
  CHECK_THAT(run_playthrough(lesson, p).message, Catch::Contains("expected the refusal to say"));

  Playthrough finish;
  finish.locale = "en";
  finish.actions = {Action::with("goto", "step", "wrap"), Action::make("next")};
  Expectation done;
  done.finished = true;
  finish.expect = {done};
  CHECK(run_playthrough(lesson, finish).passed);
  finish.actions.pop_back();
  CHECK_THAT(run_playthrough(lesson, finish).message, Catch::Contains("to be finished"));
}

TEST_CASE("loader: a glossary term is a string or a text per locale", "[loader]") {
  auto lesson = valid();
  REQUIRE(lesson->glossary.size() == 1);
  CHECK(lesson->glossary[0].term.in("es") == "GPU");
  CHECK(lesson->glossary[0].term.in("en") == "GPU");
}
