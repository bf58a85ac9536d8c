#include <catch2/catch.hpp>

#include <fstream>

#include "../app/temp_dir.hpp"
#include "lessonsim/file_watch.hpp"

using namespace lessonsim;
using namespace std::chrono_literals;

namespace {

// A clock the test moves by hand, so settling is checked without sleeping.
struct FakeClock {
  std::chrono::steady_clock::time_point now{};
  FileWatch::Clock clock() {
    return [this] { return now; };
  }
};

// Each write gets its own modification time, as saves a second apart would.
void save(const std::filesystem::path& file, const std::string& text, int stamp) {
  std::ofstream(file, std::ios::binary) << text;
  std::filesystem::last_write_time(file, std::filesystem::file_time_type{} + std::chrono::hours(1) +
                                             std::chrono::seconds(stamp));
}

}  // namespace

TEST_CASE("file watch: a save is reported once, after it has settled", "[file_watch]") {
  TempDir dir;
  auto file = dir.path() / "lesson.json";
  save(file, "{}", 0);
  FakeClock t;
  FileWatch watch(file, t.clock());
  CHECK_FALSE(watch.poll());
  t.now += 5s;
  CHECK_FALSE(watch.poll());  // nothing changed, however long

  save(file, "{\"a\": 1}", 1);
  CHECK_FALSE(watch.poll());
  CHECK(watch.settling());
  t.now += 150ms;
  CHECK_FALSE(watch.poll());
  t.now += 60ms;
  CHECK(watch.poll());
  CHECK_FALSE(watch.settling());
  t.now += 1s;
  CHECK_FALSE(watch.poll());
}

TEST_CASE("file watch: a file still being written is not reported", "[file_watch]") {
  TempDir dir;
  auto file = dir.path() / "lesson.json";
  save(file, "{}", 0);
  FakeClock t;
  FileWatch watch(file, t.clock());
  save(file, "{\"a\"", 1);
  CHECK_FALSE(watch.poll());
  t.now += 150ms;
  save(file, "{\"a\": 1", 2);  // grows again before it settled: the wait starts over
  CHECK_FALSE(watch.poll());
  t.now += 150ms;
  CHECK_FALSE(watch.poll());
  t.now += 60ms;
  CHECK(watch.poll());
}

TEST_CASE("file watch: a deleted file is a change, and so is its return", "[file_watch]") {
  TempDir dir;
  auto file = dir.path() / "lesson.json";
  save(file, "{}", 0);
  FakeClock t;
  FileWatch watch(file, t.clock());
  std::filesystem::remove(file);
  CHECK_FALSE(watch.poll());
  t.now += 300ms;
  CHECK(watch.poll());
  t.now += 300ms;
  CHECK_FALSE(watch.poll());
  save(file, "{}", 5);
  CHECK_FALSE(watch.poll());
  t.now += 300ms;
  CHECK(watch.poll());
}

TEST_CASE("file watch: a save undone before it settled is no change", "[file_watch]") {
  TempDir dir;
  auto file = dir.path() / "lesson.json";
  save(file, "{}", 0);
  FakeClock t;
  FileWatch watch(file, t.clock());
  save(file, "{\"a\": 1}", 1);
  CHECK_FALSE(watch.poll());
  save(file, "{}", 0);
  CHECK_FALSE(watch.poll());
  t.now += 1s;
  CHECK_FALSE(watch.poll());
}
