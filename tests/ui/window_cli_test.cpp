// The window's command line: usage errors and a missing display give clear messages and exit
// codes, never a crash. (Rendering itself is checked by scripts/shots under Xvfb.)
#include <catch2/catch.hpp>

#include <cstdlib>

#include "../app/run_cli.hpp"

namespace {

const std::string mini = std::string(LESSONSIM_SOURCE_DIR) + "/tests/ui/data/mini-example.json";

}  // namespace

TEST_CASE("no display: the window and shot exit 3 and say how to get one") {
  auto window = run_cli("--lesson " + mini + " --data-dir /tmp/lessonsim-ui-test");
  auto shot = run_cli("shot " + mini + " --step drive --out /tmp/lessonsim-ui-test.png");
  // The test may run under a display; only its absence is checked here.
  if (std::getenv("DISPLAY") == nullptr && std::getenv("WAYLAND_DISPLAY") == nullptr) {
    CHECK(window.code == 3);
    CHECK(window.out.find("xvfb-run") != std::string::npos);
    CHECK(shot.code == 3);
  }
}

TEST_CASE("shot and window usage errors exit 2 before opening anything") {
  CHECK(run_cli("shot " + mini + " --step nope --out /tmp/x.png").code == 2);
  CHECK(run_cli("shot " + mini + " --step drive --out /tmp/x.png --size 10x10").code == 2);
  CHECK(run_cli("shot " + mini + " --step drive --out /tmp/x.png --actions '{}'").code == 2);
  CHECK(run_cli("shot " + mini + " --step drive --out /tmp/x.png --actions '[{\"n\": 1}]'").code ==
        2);
  CHECK(run_cli("--lesson " + mini + " --locale fr").code == 2);
  CHECK(run_cli("--lesson " + mini + " --step nope").code == 2);
  CHECK(run_cli("--lesson /nonexistent/lesson.json").code == 3);
}
