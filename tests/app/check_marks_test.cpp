// scripts/check-marks on small dumps: a step's `point` that finds no mark is a fault.
#include <catch2/catch.hpp>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

const std::string script = std::string(LESSONSIM_SOURCE_DIR) + "/scripts/check-marks";

const char* chip = R"({"quantity": "memory", "value": 8e10, "unit": "B", "x": 0, "y": 0,
  "w": 100, "h": 10, "direction": "right", "broken": false, "label": "80 GB"})";

CliResult check(const TempDir& dir, const std::string& point) {
  std::string dump = std::string(R"({"marks": [)") + chip + "]" + point + "}";
  return run_shell("python3 " + script + " " + dir.write("d.json", dump).string() + " 2>&1", {});
}

}  // namespace

TEST_CASE("check-marks: a point that finds its mark passes; one that finds none is a fault") {
  TempDir dir;
  CHECK(check(dir, "").code == 0);
  CHECK(check(dir, R"(, "point": {"variable": "gpu_memory_gb", "found": true})").code == 0);
  auto missed = check(dir, R"(, "point": {"variable": "idle_gpus", "found": false})");
  CHECK(missed.code == 1);
  CHECK_THAT(missed.out, Catch::Contains("the step points at idle_gpus, but no mark draws it"));
}

TEST_CASE("check-marks: a step that shows a machine and draws no quantity is a fault") {
  TempDir dir;
  auto dump = [&](const std::string& marks, bool shows) {
    std::string text = R"({"marks": [)" + marks + R"(], "shows_machine": )" +
                       (shows ? "true" : "false") + "}";
    return run_shell("python3 " + script + " " + dir.write("d.json", text).string() + " 2>&1",
                     {});
  };
  CHECK(dump(chip, true).code == 0);
  CHECK(dump("", false).code == 0);  // a text card ("show": false) draws nothing, rightly
  auto empty = dump("", true);
  CHECK(empty.code == 1);
  CHECK_THAT(empty.out, Catch::Contains("shows a machine, but its picture draws no quantity"));
}
