#include <catch2/catch.hpp>

#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "../support/test_files.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/progress.hpp"
#include "lessonsim/session.hpp"

using namespace lessonsim;
namespace fs = std::filesystem;

namespace {

std::string lesson_text() {
  std::string text, error;
  read_file(std::string(LESSONSIM_SOURCE_DIR) + "/lessons/datacenter-split.json", text, error);
  return text;
}

std::shared_ptr<const Lesson> lesson_from(const std::string& text) {
  Diagnostics d("datacenter-split.json");
  auto lesson = load_lesson(text, d);
  REQUIRE(lesson);
  return lesson;
}

// A crash leaves the database and its write-ahead log as they are on disk: copy both while the
// store is still open, and open the copy.
fs::path crash_copy(const fs::path& dir, const std::string& name) {
  fs::path copy = test::fresh_dir("progress", name);
  for (const char* f : {"progress.db", "progress.db-wal"}) {
    if (fs::exists(dir / f)) fs::copy_file(dir / f, copy / f);
  }
  return copy;
}

}  // namespace

TEST_CASE("progress: resume after a crash at every step of the first lesson", "[progress]") {
  std::string text = lesson_text();
  auto lesson = lesson_from(text);
  std::string hash = content_hash(text);
  for (const auto& step : lesson->steps) {
    INFO("step " << step.id);
    fs::path dir = test::fresh_dir("progress", "crash");
    std::string notice;
    auto store = ProgressStore::open(dir, notice);
    REQUIRE(notice.empty());
    Session s(lesson, hash, store.get());
    s.apply(Action::with("goto", "step", step.id));
    if (s.engine().allows("add_gpu")) s.apply(Action::make("add_gpu"));
    if (s.engine().allows("slice")) s.apply(Action::make("slice"));
    if (!step.choices.empty()) s.apply(Action::with("choose", "i", 0));
    nlohmann::json before = s.engine().save();

    fs::path copy = crash_copy(dir, "crash-copy");
    auto reopened = ProgressStore::open(copy, notice);
    CHECK(notice.empty());
    Session resumed(lesson, hash, reopened.get());
    CHECK(resumed.resume_outcome() == ResumeOutcome::resumed);
    CHECK(resumed.engine().save() == before);
    CHECK(resumed.engine().step().id == step.id);
  }
}

TEST_CASE("progress: an edited lesson resumes at the same step id, or restarts", "[progress]") {
  std::string text = lesson_text();
  auto lesson = lesson_from(text);
  auto store = ProgressStore::in_memory();
  {
    Session s(lesson, content_hash(text), store.get());
    s.apply(Action::with("goto", "step", "drive"));
    s.apply(Action::make("add_gpu"));
  }
  Session edited(lesson, "another-hash", store.get());
  CHECK(edited.resume_outcome() == ResumeOutcome::resumed_edited);
  CHECK(edited.engine().step().id == "drive");
  CHECK(edited.engine().value("gpus") == 2);

  std::string renamed = text;
  renamed.replace(renamed.find("\"id\": \"drive\""), 13, "\"id\": \"steer\"");
  for (auto at = renamed.find("\"step\": \"drive\""); at != std::string::npos;
       at = renamed.find("\"step\": \"drive\"")) {
    renamed.replace(at, 15, "\"step\": \"steer\"");
  }
  auto changed = lesson_from(renamed);
  Session restarted(changed, content_hash(renamed), store.get());
  CHECK(restarted.resume_outcome() == ResumeOutcome::restarted);
  CHECK(restarted.engine().step_index() == 0);
}

TEST_CASE("progress: a corrupt or truncated database is moved aside, never a crash", "[progress]") {
  fs::path dir = test::fresh_dir("progress", "corrupt");
  std::ofstream(dir / "progress.db") << std::string(8192, 'x');
  std::string notice;
  auto store = ProgressStore::open(dir, notice);
  REQUIRE(store);
  CHECK(store->persistent());
  CHECK(notice.starts_with("moved:"));
  CHECK(fs::exists(notice.substr(6)));
  store->set_setting("locale", "es");
  CHECK(store->setting("locale") == "es");

  fs::path tdir = test::fresh_dir("progress", "truncated");
  {
    auto full = ProgressStore::open(tdir, notice);
    for (int k = 0; k < 200; ++k)
      full->set_setting("key" + std::to_string(k), std::string(500, 'v'));
  }
  auto size = fs::file_size(tdir / "progress.db");
  fs::resize_file(tdir / "progress.db", size / 3);
  auto after = ProgressStore::open(tdir, notice);
  REQUIRE(after);
  CHECK(notice.starts_with("moved:"));
  CHECK_FALSE(after->setting("key1"));
}

TEST_CASE("progress: a database locked by another process is left alone", "[progress]") {
  fs::path dir = test::fresh_dir("progress", "locked");
  std::string notice;
  { auto first = ProgressStore::open(dir, notice); }
  sqlite3* other = nullptr;
  REQUIRE(sqlite3_open((dir / "progress.db").c_str(), &other) == SQLITE_OK);
  sqlite3_exec(other, "PRAGMA locking_mode=EXCLUSIVE; BEGIN EXCLUSIVE", nullptr, nullptr, nullptr);
  auto store = ProgressStore::open(dir, notice);
  REQUIRE(store);
  CHECK(notice == "busy");
  CHECK_FALSE(store->persistent());
  sqlite3_exec(other, "COMMIT", nullptr, nullptr, nullptr);
  sqlite3_close(other);
  CHECK(fs::exists(dir / "progress.db"));
}

TEST_CASE("progress: finishing a lesson schedules its quiz questions and practice for review",
          "[progress]") {
  std::string text = lesson_text();
  auto lesson = lesson_from(text);
  auto store = ProgressStore::in_memory();
  Session s(lesson, content_hash(text), store.get(), 1000);
  s.apply(Action::with("goto", "step", lesson->steps.back().id));
  s.apply(Action::make("next"));
  REQUIRE(s.engine().finished());
  auto saved = store->lesson(lesson->id);
  REQUIRE(saved);
  CHECK(saved->done);
  CHECK(saved->done_at.size() == 10);
  // Each quiz step and each operate step with practice variants becomes a review item.
  int items = 0;
  for (const auto& step : lesson->steps)
    items += step.kind == StepKind::quiz || step.practice ? 1 : 0;
  CHECK(static_cast<int>(store->cards().size()) == items);
  CHECK(store->due_cards(1000).empty());
  CHECK(static_cast<int>(store->due_cards(1001).size()) == items);

  // Replaying the lesson later never undoes "done".
  Session again(lesson, content_hash(text), store.get(), 1002);
  again.apply(Action::make("reset"));
  CHECK(store->lesson(lesson->id)->done);
}

TEST_CASE("progress: feedback rules that fired are counted per step", "[progress]") {
  std::string text = lesson_text();
  auto lesson = lesson_from(text);
  auto store = ProgressStore::in_memory();
  Session s(lesson, content_hash(text), store.get());
  s.apply(Action::with("goto", "step", "drive"));
  s.apply(Action::make("add_gpu"));
  s.apply(Action::make("add_gpu"));
  auto counts = store->feedback_counts();
  REQUIRE(counts.contains("datacenter-split"));
  int total = 0;
  for (const auto& [rule, n] : counts["datacenter-split"]["drive"].items())
    total += n.get<int>();
  CHECK(total == 3);  // on entering the step, then after each of the two GPUs added
  // Keyed by the ids the lesson gives its rules, not by their places.
  const auto& drive = counts["datacenter-split"]["drive"];
  INFO(drive.dump());
  CHECK(drive.value("one-gpu", 0) == 1);
  CHECK(drive.value("overflow", 0) == 2);
}

TEST_CASE("progress: a rule without an id is counted by its condition", "[progress]") {
  std::string text, error;
  REQUIRE(read_file(std::string(LESSONSIM_SOURCE_DIR) + "/tests/app/data/mini-example.json", text,
                    error));
  Diagnostics d("mini-example.json");
  auto lesson = load_lesson(text, d);
  REQUIRE(lesson);
  auto store = ProgressStore::in_memory();
  Session s(lesson, content_hash(text), store.get());
  s.apply(Action::with("goto", "step", "drive"));
  auto drive = store->feedback_counts()["mini"]["drive"];
  INFO(drive.dump());
  CHECK(drive.value("overflow_gb > 0", 0) == 1);
}

TEST_CASE("progress: feedback logged before rules were named keeps its place as \"#N\"",
          "[progress]") {
  // A version-3 store, as the previous lessonsim left it: events with only the rule's index.
  fs::path dir = test::fresh_dir("progress", "v3-events");
  {
    std::string notice;
    ProgressStore::open(dir, notice);
  }
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open((dir / "progress.db").c_str(), &db) == SQLITE_OK);
  REQUIRE(sqlite3_exec(db,
                       "ALTER TABLE events DROP COLUMN rule;"
                       "INSERT INTO events (lesson_id, step_id, kind, detail, at) VALUES "
                       "('datacenter-split', 'drive', 'feedback', 1, 'then');"
                       "PRAGMA user_version = 3;",
                       nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
  std::string notice;
  auto store = ProgressStore::open(dir, notice);
  REQUIRE(store);
  CHECK(notice.empty());
  std::string text = lesson_text();
  Session s(lesson_from(text), content_hash(text), store.get());
  s.apply(Action::with("goto", "step", "drive"));
  auto drive = store->feedback_counts()["datacenter-split"]["drive"];
  INFO(drive.dump());
  CHECK(drive.value("#1", 0) == 1);
  CHECK(drive.value("one-gpu", 0) == 1);
}
