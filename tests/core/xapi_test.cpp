#include <catch2/catch.hpp>

#include <regex>
#include <set>

#include "../support/test_files.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/outbox.hpp"
#include "lessonsim/progress.hpp"
#include "lessonsim/session.hpp"
#include "lessonsim/xapi.hpp"

using namespace lessonsim;

namespace {

std::shared_ptr<const Lesson> xapi_lesson() {
  std::string text, error;
  REQUIRE(
      read_file(std::string(LESSONSIM_SOURCE_DIR) + "/lessons/datacenter-split.json", text, error));
  Diagnostics d("datacenter-split.json");
  auto lesson = load_lesson(text, d);
  REQUIRE(lesson);
  return lesson;
}

xapi::Identity xapi_identity() {
  return {"https://school.example/lessonsim/", "ai-infra", "https://school.example", "ana",
          "6b0f8f0e-6d1b-4c52-9d5e-8f9a1c2b3d4e"};
}

// A clock that stands still, so every timestamp comes from the maker's own ordering.
std::int64_t xapi_fixed_clock() {
  return 1'800'000'000'000;
}

std::vector<nlohmann::json> xapi_with(const nlohmann::json& statements, const char* verb) {
  std::vector<nlohmann::json> out;
  for (const auto& s : statements) {
    if (s["verb"]["id"] == verb) out.push_back(s);
  }
  return out;
}

}  // namespace

TEST_CASE("xapi: activity ids derive from the course, lesson and step ids under the IRI",
          "[xapi]") {
  xapi::Identity id = xapi_identity();
  CHECK(id.course_activity() == "https://school.example/lessonsim/ai-infra");
  CHECK(id.lesson_activity("datacenter-split") ==
        "https://school.example/lessonsim/ai-infra/datacenter-split");
  CHECK(id.step_activity("datacenter-split", "guess") ==
        "https://school.example/lessonsim/ai-infra/datacenter-split/guess");
  CHECK(id.extension("actions") == "https://school.example/lessonsim/extensions/actions");
}

TEST_CASE("xapi: statement ids are version 4 UUIDs, never the same twice", "[xapi]") {
  xapi::UuidSource ids;
  std::regex v4("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$");
  std::set<std::string> seen;
  for (int k = 0; k < 1000; ++k) {
    std::string id = ids.next();
    CHECK(std::regex_match(id, v4));
    seen.insert(id);
  }
  CHECK(seen.size() == 1000);
}

TEST_CASE("xapi: timestamps are ISO 8601 in UTC and a learner's are strictly ordered", "[xapi]") {
  CHECK(xapi::format_timestamp(0) == "1970-01-01T00:00:00.000Z");
  CHECK(xapi::format_timestamp(1'800'000'000'123) == "2027-01-15T08:00:00.123Z");
  auto lesson = xapi_lesson();
  xapi::StatementMaker maker(xapi_identity(), nullptr, xapi_fixed_clock);
  Engine engine(lesson);
  Events events = engine.apply(Action::make("next"));
  auto first = maker.for_move(engine, events, true);
  events = engine.apply(Action::with("choose", "i", 3));
  auto second = maker.for_move(engine, events, false);
  REQUIRE(first.size() == 1);
  REQUIRE(second.size() == 1);
  CHECK(first[0]["timestamp"] == "2027-01-15T08:00:00.000Z");
  CHECK(second[0]["timestamp"] == "2027-01-15T08:00:00.001Z");
}

TEST_CASE("xapi: a lesson's moves become initialized, answered, completed and passed", "[xapi]") {
  auto lesson = xapi_lesson();
  xapi::UuidSource ids(7);
  xapi::StatementMaker maker(xapi_identity(), &ids, xapi_fixed_clock);
  Engine engine(lesson);
  nlohmann::json all = nlohmann::json::array();
  bool first = true;
  auto play = [&](const Action& a) {
    Events events = engine.apply(a);
    for (auto& s : maker.for_move(engine, events, first))
      all.push_back(std::move(s));
    first = false;
  };
  play(Action::make("next"));
  play(Action::with("choose", "i", 3));  // the prediction, right
  play(Action::make("next"));
  play(Action::make("slice"));
  play(Action::make("slice"));
  play(Action::make("slice"));  // the goal: four slices

  auto initialized = xapi_with(all, xapi::verb_initialized);
  REQUIRE(initialized.size() == 1);
  CHECK(initialized[0]["object"]["id"] == xapi_identity().lesson_activity("datacenter-split"));
  CHECK(initialized[0]["actor"] ==
        nlohmann::json{{"objectType", "Agent"},
                       {"account", {{"homePage", "https://school.example"}, {"name", "ana"}}}});
  CHECK(initialized[0]["context"]["registration"] == xapi_identity().registration);

  auto answered = xapi_with(all, xapi::verb_answered);
  REQUIRE(answered.size() == 1);
  const auto& a = answered[0];
  CHECK(a["object"]["id"] == xapi_identity().step_activity("datacenter-split", "guess"));
  CHECK(a["result"]["success"] == true);
  CHECK(a["result"]["response"] == "3");
  CHECK(a["object"]["definition"]["interactionType"] == "choice");
  CHECK(a["object"]["definition"]["correctResponsesPattern"] == nlohmann::json{"3"});
  CHECK(a["object"]["definition"]["choices"].size() == lesson->steps[1].choices.size());
  CHECK(a["context"]["contextActivities"]["parent"][0]["id"] ==
        xapi_identity().lesson_activity("datacenter-split"));

  auto completed = xapi_with(all, xapi::verb_completed);
  REQUIRE(completed.size() == 1);
  const auto& c = completed[0];
  CHECK(c["object"]["id"] == xapi_identity().step_activity("datacenter-split", "cut"));
  // Three cuts; the machine set up on entering the step is not a move of the learner's.
  CHECK(c["result"]["extensions"][xapi_identity().extension("actions")] == 3);
  CHECK(c["result"]["extensions"][xapi_identity().extension("feedback")].is_object());

  std::set<std::string> ids_seen;
  for (const auto& s : all) {
    ids_seen.insert(s["id"].get<std::string>());
    CHECK(s["verb"]["display"]["en-US"].is_string());
  }
  CHECK(ids_seen.size() == all.size());
}

TEST_CASE("xapi: the feedback rules that fired are counted until the goal", "[xapi]") {
  auto lesson = xapi_lesson();
  xapi::StatementMaker maker(xapi_identity(), nullptr, xapi_fixed_clock);
  Engine engine(lesson);
  int drive = lesson->step_index("drive");
  REQUIRE(drive >= 0);
  engine.apply(Action::with("goto", "step", "drive"));
  nlohmann::json done;
  for (int k = 0; k < 8 && done.is_null(); ++k) {
    for (auto& s : maker.for_move(engine, engine.apply(Action::make("add_gpu")), false)) {
      if (s["verb"]["id"] == xapi::verb_completed) done = s;
    }
  }
  REQUIRE_FALSE(done.is_null());
  const auto& ext = done["result"]["extensions"];
  CHECK(ext[xapi_identity().extension("actions")] == 3);
  nlohmann::json rules = ext[xapi_identity().extension("feedback")];
  int fired = 0;
  for (const auto& [rule, times] : rules.items()) {
    CHECK_FALSE(rule.empty());
    fired += times.get<int>();
  }
  CHECK(fired == 2);  // two GPUs short of the goal, each move says so
}

TEST_CASE("xapi: finishing a lesson says completed, then passed or failed by the quizzes",
          "[xapi]") {
  auto lesson = xapi_lesson();
  xapi::StatementMaker maker(xapi_identity(), nullptr, xapi_fixed_clock);
  Engine engine(lesson);
  engine.apply(Action::with("goto", "step", lesson->steps.back().id));
  auto said = maker.for_move(engine, engine.apply(Action::make("next")), false);
  REQUIRE(said.size() == 2);
  CHECK(said[0]["verb"]["id"] == xapi::verb_completed);
  CHECK(said[0]["object"]["id"] == xapi_identity().lesson_activity("datacenter-split"));
  // No quiz was answered at all, so none was right at the first choice.
  CHECK(said[1]["verb"]["id"] == xapi::verb_failed);
  CHECK(said[1]["result"]["score"]["raw"] == 0);
  CHECK(said[1]["result"]["success"] == false);
}

TEST_CASE("xapi: a review answer carries its rating and the review category", "[xapi]") {
  auto lesson = xapi_lesson();
  xapi::StatementMaker maker(xapi_identity(), nullptr, xapi_fixed_clock);
  nlohmann::json s = maker.review_answer(*lesson, "why-not-wait", 1, true, 3);
  CHECK(s["verb"]["id"] == xapi::verb_answered);
  CHECK(s["result"]["response"] == "1");
  CHECK(s["result"]["extensions"][xapi_identity().extension("rating")] == 3);
  CHECK(s["context"]["contextActivities"]["category"][0]["id"] ==
        "https://school.example/lessonsim/review");
}

TEST_CASE("xapi: a move and its statements are saved together; the outbox hands them out once",
          "[xapi]") {
  auto dir = test::fresh_dir("xapi", "outbox");
  std::string notice;
  auto store = ProgressStore::open(dir, notice);
  REQUIRE(store->persistent());
  auto lesson = xapi_lesson();
  xapi::StatementMaker maker(xapi_identity(), nullptr, xapi_fixed_clock);
  Session session(lesson, "hash", store.get());
  session.record_statements(&maker);
  session.apply(Action::make("next"));
  session.apply(Action::with("choose", "i", 3));
  REQUIRE(store->lesson("datacenter-split"));
  CHECK(store->statements_waiting() == 2);  // initialized, answered

  std::string error;
  auto box = Outbox::open(dir, error);
  REQUIRE(box);
  auto waiting = box->waiting(10);
  REQUIRE(waiting.size() == 2);
  CHECK(nlohmann::json::parse(waiting[0].body)["verb"]["id"] == xapi::verb_initialized);
  CHECK(nlohmann::json::parse(waiting[1].body)["id"] == waiting[1].id);
  CHECK(box->mark_sent({waiting[0].seq}));
  CHECK(box->mark_refused(waiting[1].seq, "HTTP 400: invalid"));
  CHECK(box->waiting(10).empty());
  CHECK(box->refused_count() == 1);
  CHECK(store->statements_waiting() == 0);

  // The registration is made once and kept.
  std::string reg = store->registration("ai-infra ana", "first");
  CHECK(store->registration("ai-infra ana", "second") == reg);
}

TEST_CASE("xapi: no outbox to open where no store was made", "[xapi]") {
  std::string error;
  CHECK_FALSE(Outbox::open(test::fresh_dir("xapi", "none"), error));
  CHECK_FALSE(error.empty());
}

TEST_CASE("xapi: a review's statement is saved with its card, in one transaction", "[xapi]") {
  auto dir = test::fresh_dir("xapi", "review");
  std::string notice;
  auto store = ProgressStore::open(dir, notice);
  REQUIRE(store->persistent());
  auto lesson = xapi_lesson();
  xapi::StatementMaker maker(xapi_identity(), nullptr, xapi_fixed_clock);
  store->add_card("datacenter-split", "why-not-wait", 100);
  DueCard card = store->cards().front();
  card.card.reps = 1;
  store->save_card(card, {maker.review_answer(*lesson, "why-not-wait", 1, true, 3)});
  CHECK(store->cards().front().card.reps == 1);
  std::string error;
  auto box = Outbox::open(dir, error);
  REQUIRE(box);
  auto waiting = box->waiting(10);
  REQUIRE(waiting.size() == 1);
  CHECK(nlohmann::json::parse(waiting[0].body)["result"]["response"] == "1");
}
