// A learner's progress survives the process being killed (SIGKILL) at any moment of play.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "lessonsim/progress.hpp"
#include "run_cli.hpp"

namespace fs = std::filesystem;

TEST_CASE("progress: kill -9 during play, 100 times, never loses a completed lesson", "[progress]") {
  const std::string lesson = std::string(LESSONSIM_SOURCE_DIR) + "/lessons/datacenter-split.json";
  fs::path dir = fs::temp_directory_path() / ("lessonsim-kill-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  std::string play = "play " + lesson + " --locale en --data-dir " + dir.string();

  auto finished = run_cli(play + " --script " + LESSONSIM_SOURCE_DIR +
                          "/tests/app/data/datacenter-split.play");
  REQUIRE(finished.code == 0);
  REQUIRE_THAT(finished.out, Catch::Contains("Lesson complete!"));

  // A long replay that keeps writing: back into the lesson, then GPUs added and removed.
  fs::path script = dir / "churn.play";
  {
    std::ofstream out(script);
    out << "goto drive\n";
    for (int k = 0; k < 3000; ++k) out << (k % 2 ? "-\n" : "+\n");
  }
  std::mt19937 rng(12345);
  for (int round = 0; round < 100; ++round) {
    INFO("round " << round);
    pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      int null = ::open("/dev/null", O_WRONLY);
      dup2(null, 1);
      dup2(null, 2);
      execl(LESSONSIM_BINARY, LESSONSIM_BINARY, "play", lesson.c_str(), "--data-dir",
            dir.c_str(), "--script", script.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    usleep(std::uniform_int_distribution<int>(1000, 40000)(rng));
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);

    lessonsim::StoreNotice notice;
    auto store = lessonsim::ProgressStore::open(dir, notice);
    REQUIRE(store);
    CHECK(notice.empty());
    CHECK(store->persistent());
    auto saved = store->lesson("datacenter-split");
    REQUIRE(saved);
    CHECK(saved->done);
    CHECK(saved->state.is_object());
  }
}
