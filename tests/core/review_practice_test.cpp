// Practice items in review, with an injected clock: scheduled from what the learner did, replayed
// from their stored seed, interleaved across lessons; and the store's migration to version 2.
#include <catch2/catch.hpp>

#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>

#include "../support/shipped_course.hpp"
#include "lessonsim/review_queue.hpp"
#include "lessonsim/session.hpp"

using namespace lessonsim;
namespace fs = std::filesystem;

namespace {

const Course& course() {
  return test::shipped_course();
}

constexpr std::int64_t day0 = 20500;  // 2026-02-16

const ReviewItem& find_practice(const std::vector<ReviewItem>& items, const std::string& lesson) {
  auto it = std::find_if(items.begin(), items.end(), [&](const ReviewItem& i) {
    return i.is_practice() && i.due.lesson_id == lesson;
  });
  REQUIRE(it != items.end());
  return *it;
}

// Drives a practice item of lesson 1 to its goal: the prediction, `wobble` times a GPU added and
// taken away again (a step back), then GPUs added one at a time.
PracticeRun play_split(const ReviewItem& item, bool predict_right, int wobble = 0) {
  PracticeRun run(item.practice);
  const Step& predict = item.practice->steps[0];
  run.apply(Action::with("choose", "i", predict_right ? predict.answer : (predict.answer + 1) % 4));
  run.apply(Action::make("next"));
  int need = static_cast<int>(run.engine().value("min_gpus"));
  for (int k = 0; k < wobble; ++k) {
    run.apply(Action::make("add_gpu"));
    run.apply(Action::make("remove_gpu"));
  }
  for (int k = 1; k < need; ++k)
    run.apply(Action::make("add_gpu"));
  return run;
}

}  // namespace

TEST_CASE("review: finishing a lesson schedules its practice items beside its quiz items",
          "[review][practice]") {
  auto store = ProgressStore::in_memory();
  const Lesson& split = *course().lessons[0].lesson;
  Engine engine(course().lessons[0].lesson);
  record_move(*store, engine, "h", {{EventKind::lesson_finished, 0}}, day0);
  CHECK(review_items(course(), store->due_cards(day0)).empty());  // first due the day after
  auto due = review_items(course(), store->due_cards(day0 + 1));
  int quizzes = 0, practice = 0;
  for (const auto& item : due) {
    (item.is_practice() ? practice : quizzes) += 1;
    CHECK(item.due.lesson_id == split.id);
  }
  CHECK(quizzes == 3);  // newer-chip, why-not-wait, power-quiz
  CHECK(practice == 1);
  const ReviewItem& p = find_practice(due, split.id);
  CHECK(p.due.step_id == "drive");
  CHECK(p.settings["model_gb"] != 280);
  CHECK(p.settings["gpu_memory_gb"] != 80);
}

TEST_CASE("review: a practice item's rating follows the learner's performance",
          "[review][practice]") {
  ReviewScheduler scheduler;
  std::map<PracticeOutcome, std::int64_t> due;
  // A seed whose variant needs at least 3 GPUs, so that a GPU can be added and taken back before
  // the goal.
  const Lesson& split = *course().lessons[0].lesson;
  const Step& drive = split.steps[static_cast<std::size_t>(split.step_index("drive"))];
  std::uint64_t seed = 1;
  std::string error;
  while (Engine(practice_lesson(split, drive, seed, error)).value("min_gpus") < 3)
    seed = next_seed(seed);
  for (auto [right, wobble, give_up] :
       {std::tuple{true, 0, false}, std::tuple{true, 1, false}, std::tuple{true, 0, true}}) {
    auto store = ProgressStore::in_memory();
    store->add_practice("datacenter-split", "drive", seed, day0);
    auto items = review_items(course(), store->due_cards(day0 + 1));
    const ReviewItem& item = find_practice(items, "datacenter-split");
    PracticeRun run = give_up ? PracticeRun(item.practice) : play_split(item, right, wobble);
    if (give_up) run.give_up();
    DueCard next = record_practice(*store, item, run, day0 + 1, scheduler);
    due[run.outcome()] = next.card.due;
    // Stored, with the next variant's seed; this time's seed stays in the log.
    auto cards = store->cards();
    REQUIRE(cards.size() == 1);
    CHECK(cards[0].card.due == next.card.due);
    CHECK(cards[0].seed == next_seed(seed));
    CHECK(cards[0].kind == "practice");
    auto log = store->practice_log("datacenter-split");
    REQUIRE(log.size() == 1);
    CHECK(log[0].seed == seed);
    CHECK(log[0].outcome == practice_outcome_name(run.outcome()));
    CHECK(log[0].rating == static_cast<int>(run.rating()));
  }
  REQUIRE(due.size() == 3);
  // FSRS-4.5's first intervals: good 4 days (S = 3.7145), hard and again 1 day.
  CHECK(due[PracticeOutcome::right_first_time] == day0 + 1 + 4);
  CHECK(due[PracticeOutcome::needed_feedback] == day0 + 1 + 1);
  CHECK(due[PracticeOutcome::gave_up] == day0 + 1 + 1);

  // The second review tells hard from again: a lapse shrinks stability, a hard recall grows it.
  ReviewCard first = scheduler.review({}, Rating::good, day0);
  CHECK(scheduler.review(first, practice_rating(PracticeOutcome::needed_feedback), day0 + 4).due >
        scheduler.review(first, practice_rating(PracticeOutcome::gave_up), day0 + 4).due);
}

TEST_CASE("review: a practice item replays exactly from its stored seed and moves",
          "[review][practice]") {
  auto store = ProgressStore::in_memory();
  store->add_practice("datacenter-split", "drive", 123456789, day0);
  auto items = review_items(course(), store->due_cards(day0 + 30));
  const ReviewItem& item = find_practice(items, "datacenter-split");
  PracticeRun run = play_split(item, false, 2);
  record_practice(*store, item, run, day0 + 30, ReviewScheduler());

  auto log = store->practice_log("datacenter-split");
  REQUIRE(log.size() == 1);
  const Lesson& lesson = *course().lessons[0].lesson;
  const Step& step = lesson.steps[static_cast<std::size_t>(lesson.step_index(log[0].step_id))];
  std::string error;
  auto again = practice_lesson(lesson, step, log[0].seed, error);
  REQUIRE(again);
  PracticeRun replayed = PracticeRun::replay(again, log[0].actions);
  CHECK(replayed.engine().values() == run.engine().values());
  CHECK(replayed.engine().lesson().steps[0].answer == run.engine().lesson().steps[0].answer);
  CHECK(replayed.outcome() == run.outcome());
  CHECK(replayed.actions().size() == run.actions().size());
  // The same seed, the same numbers; the next review draws from the advanced seed.
  CHECK(draw_variant(lesson, step, log[0].seed) == item.settings);
  auto later = review_items(course(), store->due_cards(day0 + 400));
  CHECK(find_practice(later, "datacenter-split").due.seed == next_seed(123456789));
}

TEST_CASE("review: items from different lessons are interleaved", "[review][practice]") {
  auto store = ProgressStore::in_memory();
  for (const auto& entry : course().lessons) {
    Engine engine(entry.lesson);
    record_move(*store, engine, "h", {{EventKind::lesson_finished, 0}}, day0);
  }
  auto items = review_items(course(), store->due_cards(day0 + 1));
  REQUIRE(items.size() > course().lessons.size());
  std::set<std::string> lessons;
  int practice = 0;
  for (std::size_t k = 0; k < items.size(); ++k) {
    lessons.insert(items[k].due.lesson_id);
    practice += items[k].is_practice();
    if (k > 0) {
      INFO(k << ": " << items[k].due.lesson_id << "/" << items[k].due.step_id);
      // Two in a row from one lesson only once every other lesson has run out.
      bool others_left = std::any_of(
          items.begin() + static_cast<long>(k), items.end(),
          [&](const ReviewItem& i) { return i.due.lesson_id != items[k - 1].due.lesson_id; });
      if (others_left) CHECK(items[k].due.lesson_id != items[k - 1].due.lesson_id);
    }
  }
  CHECK(lessons.size() == course().lessons.size());
  CHECK(practice == static_cast<int>(course().lessons.size()));  // one a lesson, at least
}

TEST_CASE("review: interleaving takes the earliest item of another lesson, keeping all",
          "[review]") {
  auto item = [](const char* lesson, std::int64_t due) {
    ReviewItem i;
    i.due.lesson_id = lesson;
    i.due.step_id = std::string(lesson) + std::to_string(due);
    i.due.card.due = due;
    return i;
  };
  auto out = interleave({item("a", 1), item("a", 2), item("a", 3), item("b", 4), item("c", 5)});
  std::vector<std::string> order;
  for (const auto& i : out)
    order.push_back(i.due.step_id);
  CHECK(order == std::vector<std::string>{"a1", "b4", "a2", "c5", "a3"});
}

TEST_CASE("progress: a version 1 store gains practice items and keeps its cards",
          "[progress][practice]") {
  fs::path dir = fs::temp_directory_path() / ("lessonsim-migrate-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open((dir / "progress.db").c_str(), &db) == SQLITE_OK);
    const char* v1 =
        "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
        "CREATE TABLE lessons (lesson_id TEXT PRIMARY KEY, lesson_hash TEXT NOT NULL, state TEXT "
        "NOT NULL, done INTEGER NOT NULL DEFAULT 0, done_at TEXT NOT NULL DEFAULT '', updated_at "
        "TEXT NOT NULL);"
        "CREATE TABLE events (id INTEGER PRIMARY KEY, lesson_id TEXT NOT NULL, step_id TEXT NOT "
        "NULL, kind TEXT NOT NULL, detail INTEGER NOT NULL, at TEXT NOT NULL);"
        "CREATE TABLE cards (lesson_id TEXT NOT NULL, step_id TEXT NOT NULL, stability REAL NOT "
        "NULL, difficulty REAL NOT NULL, due INTEGER NOT NULL, last_review INTEGER NOT NULL, reps "
        "INTEGER NOT NULL, lapses INTEGER NOT NULL, PRIMARY KEY (lesson_id, step_id));"
        "INSERT INTO cards VALUES ('datacenter-split', 'why-not-wait', 3.7, 5.1, 20504, 20500, 1, "
        "0);"
        "PRAGMA user_version = 1;";
    REQUIRE(sqlite3_exec(db, v1, nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
  }
  StoreNotice notice;
  auto store = ProgressStore::open(dir, notice);
  CHECK(notice.empty());
  REQUIRE(store->persistent());
  auto cards = store->cards();
  REQUIRE(cards.size() == 1);
  CHECK(cards[0].kind == "quiz");
  CHECK(cards[0].card.due == 20504);
  store->add_practice("datacenter-split", "drive", 5, day0);
  CHECK(store->cards().size() == 2);
  store.reset();
  fs::remove_all(dir);
}
