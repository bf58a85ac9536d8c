// A progress store edited by hand is input like any other: a damaged saved state restarts its
// lesson with a message and never a crash, and the learner's other progress is kept.
#include <catch2/catch.hpp>

#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <limits>

#include "../support/test_files.hpp"
#include "lessonsim/journey.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/progress.hpp"
#include "lessonsim/random_play.hpp"
#include "lessonsim/review.hpp"
#include "lessonsim/session.hpp"

using namespace lessonsim;
namespace fs = std::filesystem;

namespace {

struct LessonFile {
  std::string text;
  std::shared_ptr<const Lesson> lesson;
  std::string hash;
};

LessonFile lesson_file(const std::string& name) {
  LessonFile f;
  std::string error;
  REQUIRE(read_file(test::shipped_lessons_dir() / name, f.text, error));
  Diagnostics d(name);
  f.lesson = load_lesson(f.text, d);
  REQUIRE(f.lesson);
  f.hash = content_hash(f.text);
  return f;
}

// Runs one SQL statement on the store's file, as someone with the sqlite3 shell would; `text`
// is bound to ?1 when given.
void edit_store(const fs::path& dir, const std::string& sql, const std::string* text = nullptr) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open((dir / ProgressStore::file_name).c_str(), &db) == SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK);
  if (text)
    sqlite3_bind_blob(stmt, 1, text->data(), static_cast<int>(text->size()), SQLITE_TRANSIENT);
  CHECK(sqlite3_step(stmt) == SQLITE_DONE);
  sqlite3_finalize(stmt);
  sqlite3_close(db);
}

// A learner who finished lesson 2 (with its review cards) and left lesson 1 at "drive".
void play_some(const fs::path& dir, const LessonFile& first, const LessonFile& second) {
  StoreNotice notice;
  auto store = ProgressStore::open(dir, notice);
  REQUIRE(notice.empty());
  {
    Session s(first.lesson, first.hash, store.get());
    s.apply(Action::with("goto", "step", "drive"));
    s.apply(Action::make("add_gpu"));
  }
  Session done(second.lesson, second.hash, store.get());
  record_move(*store, done.engine(), second.hash, {{EventKind::lesson_finished, 0}}, 100);
  REQUIRE(store->lesson(second.lesson->id)->done);
  REQUIRE_FALSE(store->cards().empty());
}

// The saved state of lesson 1 as `lesson`, and each damaged version of it.
const char* const damaged_states[] = {
    // wrong types
    R"({"lesson": "datacenter-split", "step": 7})",
    R"({"lesson": 3, "step": "drive"})",
    R"({"lesson": "datacenter-split", "step": "drive", "records": "lots"})",
    R"({"lesson": "datacenter-split", "step": "drive", "records": {"guess": {"choice": "2"}}})",
    R"({"lesson": "datacenter-split", "step": "drive", "records": {"guess": {"choice": 2.5}}})",
    R"({"lesson": "datacenter-split", "step": "drive", "records": {"guess": [1]}})",
    R"({"lesson": "datacenter-split", "step": "drive", "records": {"drive": {"goal_reached": 1}}})",
    R"({"lesson": "datacenter-split", "step": "drive", "machine": {"gpus": "four"}})",
    R"({"lesson": "datacenter-split", "step": "drive", "machine": [2]})",
    R"({"lesson": "datacenter-split", "step": "drive", "machine": {"wings": 2}})",
    R"({"lesson": "datacenter-split", "step": "drive", "finished": "yes"})",
    R"(["datacenter-split", "drive"])",
    R"("drive")",
    R"({"lesson": "datacenter-split", "step": )",
    "\xff\xfe not even text",
    "",
    // a step this lesson does not have (the file is unchanged, so the save is what is wrong)
    R"({"lesson": "datacenter-split", "step": "no-such-step"})",
    // huge numbers
    R"({"lesson": "datacenter-split", "step": "drive", "records": {"guess": {"choice": 1e300}}})",
    R"({"lesson": "datacenter-split", "step": "drive", "records": {"guess": {"choice": -5}}})",
    R"({"lesson": "datacenter-split", "step": "drive", "records": {"guess": {"attempts": 1e300}}})",
    R"({"lesson": "datacenter-split", "step": "drive", "records": {"guess": {"attempts": 18446744073709551615}}})",
    R"({"lesson": "datacenter-split", "step": "drive", "records": {"guess": {"attempts": -1}}})",
    R"({"lesson": "datacenter-split", "step": "drive", "machine": {"gpus": 1e300}})",
    R"({"lesson": "datacenter-split", "step": "drive", "machine": {"gpus": 9223372036854775807}})",
    R"({"lesson": "datacenter-split", "step": "drive", "machine": {"gpus": 40, "max_gpus": 16}})",
    R"({"lesson": "datacenter-split", "step": "drive", "machine": {"model_gb": 1e308}})",
};

}  // namespace

TEST_CASE("saved state: every step of every lesson saves and restores as it was", "[saved]") {
  // The restore refuses what the engine would not save, so it must take all that it does save.
  for (const auto& entry : fs::directory_iterator(test::shipped_lessons_dir())) {
    if (entry.path().filename() == "course.json") continue;
    LessonFile f = lesson_file(entry.path().filename().string());
    for (const auto& step : f.lesson->steps) {
      INFO(f.lesson->id << " at " << step.id);
      Engine e(f.lesson);
      e.apply(Action::with("goto", "step", step.id));
      for (const auto& action : f.lesson->machine_spec->actions) {
        if (action.params.empty() && e.allows(action.name)) e.apply(Action::make(action.name));
      }
      if (!step.choices.empty()) e.apply(Action::with("choose", "i", 0));
      Engine restored(f.lesson);
      REQUIRE(restored.restore(e.save()));
      CHECK(restored.save() == e.save());
    }
  }
}

TEST_CASE("saved state: a damaged state restarts the lesson with a message", "[saved]") {
  LessonFile first = lesson_file("datacenter-split.json");
  LessonFile second = lesson_file("training-memory.json");
  for (const char* state : damaged_states) {
    std::string text = state;
    INFO(text);
    fs::path dir = test::fresh_dir("saved", "damaged");
    play_some(dir, first, second);
    auto cards_before = [&] {
      StoreNotice notice;
      return ProgressStore::open(dir, notice)->cards().size();
    }();
    edit_store(dir, "UPDATE lessons SET state = ?1 WHERE lesson_id = 'datacenter-split'", &text);

    StoreNotice notice;
    auto store = ProgressStore::open(dir, notice);
    CHECK(notice.empty());
    Session s(first.lesson, first.hash, store.get());
    CHECK(s.resume_outcome() == ResumeOutcome::unreadable);
    CHECK(s.engine().step_index() == 0);
    CHECK_THAT(resume_message(s.resume_outcome()).in("en"), Catch::Contains("starts over"));
    CHECK_THAT(resume_message(s.resume_outcome()).in("es"), Catch::Contains("empieza de nuevo"));
    // The learner goes on; the lesson's row is written afresh and the rest is as it was.
    s.apply(Action::make("next"));
    auto saved = store->lesson(first.lesson->id);
    REQUIRE(saved);
    CHECK(saved->state == s.engine().save());
    CHECK(store->lesson(second.lesson->id)->done);
    CHECK(store->cards().size() == cards_before);
  }
}

TEST_CASE("saved state: the course map reads any saved step without throwing", "[saved]") {
  LessonFile first = lesson_file("datacenter-split.json");
  Course course;
  course.lessons.push_back({first.lesson->id,
                            (test::shipped_lessons_dir() / "datacenter-split.json").string(),
                            first.lesson});
  for (const char* state : damaged_states) {
    INFO(state);
    SavedLesson saved{
        first.lesson->id, first.hash, nlohmann::json::parse(state, nullptr, false), false, {}};
    if (saved.state.is_discarded()) saved.state = nlohmann::json::object();
    std::vector<PathEntry> path;
    REQUIRE_NOTHROW(path = course_path(course, {saved}));
    CHECK(path.at(0).state == LessonState::in_progress);
    bool named_step =
        saved.state.is_object() && saved.state.contains("step") && saved.state["step"].is_string();
    if (!named_step) CHECK(path.at(0).step == -1);
  }
}

TEST_CASE("saved state: lessons and cards the course no longer has are left alone", "[saved]") {
  LessonFile first = lesson_file("datacenter-split.json");
  LessonFile second = lesson_file("training-memory.json");
  fs::path dir = test::fresh_dir("saved", "ghost");
  play_some(dir, first, second);
  edit_store(dir, "INSERT INTO lessons VALUES ('ghost', 'x', '{\"step\": 9}', 1, 'yesterday', '')");
  edit_store(dir,
             "INSERT INTO cards (lesson_id, step_id, stability, difficulty, due, last_review, "
             "reps, lapses) VALUES ('ghost', 'quiz', 1, 5, 0, 0, 1, 0)");
  edit_store(dir,
             "INSERT INTO cards (lesson_id, step_id, stability, difficulty, due, last_review, "
             "reps, lapses) VALUES ('datacenter-split', 'hook', 1, 5, 0, 0, 1, 0)");
  StoreNotice notice;
  auto store = ProgressStore::open(dir, notice);
  Session s(first.lesson, first.hash, store.get());
  CHECK(s.resume_outcome() == ResumeOutcome::resumed);
  CHECK(s.engine().step().id == "drive");
  Course course;
  course.lessons.push_back({first.lesson->id, "", first.lesson});
  course.lessons.push_back({second.lesson->id, "", second.lesson});
  auto path = course_path(course, store->lessons());
  CHECK(path.at(0).state == LessonState::in_progress);
  CHECK(path.at(1).state == LessonState::done);
  // The ghost lesson's card and the quiz card on a step that is no quiz are not asked.
  for (const auto& item : review_items(course, store->due_cards(1'000'000))) {
    CHECK(item.due.lesson_id != "ghost");
    CHECK(item.quiz().kind == (item.is_practice() ? StepKind::operate : StepKind::quiz));
  }
}

TEST_CASE("saved state: review cards with huge or nonsense numbers read within range", "[saved]") {
  fs::path dir = test::fresh_dir("saved", "cards");
  {
    StoreNotice notice;
    ProgressStore::open(dir, notice)->add_card("datacenter-split", "why-not-wait", 10);
  }
  edit_store(dir,
             "UPDATE cards SET stability = 1e308, difficulty = -1e308, "
             "due = -9223372036854775808, last_review = 9223372036854775807, "
             "reps = 9223372036854775807, lapses = 2147483647");
  StoreNotice notice;
  auto store = ProgressStore::open(dir, notice);
  auto cards = store->cards();
  REQUIRE(cards.size() == 1);
  ReviewCard c = cards[0].card;
  CHECK(c.stability <= 36500);
  CHECK(c.difficulty >= 1);
  CHECK(c.due >= -10'000'000);
  CHECK(c.last_review <= 10'000'000);
  CHECK(c.reps <= 1'000'000);
  CHECK(c.lapses <= 1'000'000);
  // Reviewing it again keeps every figure finite and the next review in the future.
  ReviewCard next = ReviewScheduler().review(c, Rating::again, 20'000);
  CHECK(std::isfinite(next.stability));
  CHECK(next.due > 20'000);
  CHECK(next.reps == c.reps + 1);

  edit_store(dir, "UPDATE cards SET stability = 'lots', difficulty = x'ff', reps = -4");
  auto odd = store->cards().at(0).card;
  CHECK(odd.stability >= 0);
  CHECK(odd.reps == 0);
}
