// Files that are not what they claim — a device behind a symlink, a FIFO, a course entry
// naming /dev/zero — are refused at once on the command line, saying what they are.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;

namespace {

const std::string source = LESSONSIM_SOURCE_DIR;
const std::string valid = source + "/tests/core/data/valid.json";

// Before the bounded read these hung until killed: `timeout` turns a hang into exit 137 fast.
CliResult run_bounded(const std::string& args) {
  return run_cli_timed(10, args);
}

// A folder with a FIFO, a symlink to /dev/urandom and one to /dev/zero, each named like a lesson.
struct HostileFiles {
  TempDir dir;
  fs::path fifo = dir.path() / "fifo.json";
  fs::path urandom = dir.path() / "urandom.json";
  fs::path zero = dir.path() / "zero.json";
  HostileFiles() {
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    fs::create_symlink("/dev/urandom", urandom);
    fs::create_symlink("/dev/zero", zero);
  }
};

}  // namespace

TEST_CASE("hostile files: check refuses a device behind a symlink and a FIFO", "[cli][hostile]") {
  HostileFiles h;
  auto device = run_bounded("check " + h.urandom.string());
  CHECK(device.code == 1);
  CHECK_THAT(device.out, Catch::Contains(h.urandom.string() + ": error: the file is a device"));
  auto fifo = run_bounded("check " + h.fifo.string());
  CHECK(fifo.code == 1);
  CHECK_THAT(fifo.out, Catch::Contains(h.fifo.string() + ": error: the file is a FIFO"));
}

TEST_CASE("hostile files: a course whose lesson file is /dev/zero gets its verdict",
          "[cli][hostile]") {
  for (std::string file : {"/dev/zero", "zero.json"}) {
    INFO(file);
    HostileFiles h;
    h.dir.write("course.json", R"({"format": 1, "id": "c", "title": {"en": "C"},
      "lessons": [{"id": "zero", "file": ")" +
                                   file + R"("}]})");
    auto r = run_bounded("check " + h.dir.path().string());
    CHECK(r.code == 1);
    CHECK_THAT(r.out, Catch::Contains("course.json:"));
    CHECK_THAT(r.out, Catch::Contains(": error: "));
  }
}

TEST_CASE("hostile files: play refuses them as the lesson and as the script", "[cli][hostile]") {
  HostileFiles h;
  for (const fs::path& p : {h.urandom, h.fifo, h.zero}) {
    INFO(p);
    auto lesson = run_bounded("play " + p.string());
    CHECK(lesson.code == 3);
    CHECK_THAT(lesson.out, Catch::Contains(p.string() + ": error: the file is a"));
    auto script = run_bounded("play " + valid + " --script " + p.string());
    CHECK(script.code == 3);
    CHECK_THAT(script.out, Catch::Contains(p.string() + ": error: the script is a"));
  }
}

TEST_CASE("hostile files: a file over 50 MB is refused by its bytes read, not its size",
          "[cli][hostile]") {
  TempDir dir;
  fs::path big = dir.path() / "big.json";
  {
    std::ofstream out(big, std::ios::binary);
    std::string block(1 << 20, ' ');
    for (int k = 0; k < 51; ++k)
      out << block;
  }
  auto r = run_bounded("check " + big.string());
  CHECK(r.code == 1);
  CHECK_THAT(r.out, Catch::Contains("the file is larger than 50 MB"));
}

#ifdef LESSONSIM_HAS_WINDOW
TEST_CASE("hostile files: shot refuses a FIFO or a device as --plan and --actions",
          "[cli][hostile]") {
  HostileFiles h;
  std::string out = (h.dir.path() / "x.png").string();
  for (const fs::path& p : {h.fifo, h.urandom}) {
    INFO(p);
    auto plan = run_bounded("shot " + valid + " --plan " + p.string());
    CHECK(plan.code == 3);
    CHECK_THAT(plan.out, Catch::Contains("the plan " + p.string() + " is a"));
    auto actions =
        run_bounded("shot " + valid + " --step hook --out " + out + " --actions " + p.string());
    CHECK(actions.code == 3);
    CHECK_THAT(actions.out, Catch::Contains("--actions " + p.string() + " is a"));
  }
}
#endif

TEST_CASE("hostile files: a hardware catalog that is a FIFO is an environment error",
          "[cli][hostile]") {
  TempDir share;
  fs::create_directories(share.path() / "assets");
  REQUIRE(::mkfifo((share.path() / "assets" / "hardware.json").c_str(), 0600) == 0);
  auto r = run_cli_timed(10, "calc fit --model-gb 100 --gpu h100-sxm",
                         "LESSONSIM_SHARE_DIR=" + share.path().string());
  CHECK(r.code == 3);
  CHECK_THAT(r.out, Catch::Contains("FIFO"));
}
