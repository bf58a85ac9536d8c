// `lessonsim play` on a format-3 lesson: the machine printed on every step that shows one, and
// a step's own machine's commands on that step.
#include <catch2/catch.hpp>

#include "run_cli.hpp"

namespace {

const std::string format3 = std::string(LESSONSIM_SOURCE_DIR) + "/tests/core/data/format3.json";

}  // namespace

TEST_CASE("cli play: a format-3 narrate step prints its machine; a text card does not", "[cli]") {
  auto r = run_cli("play " + format3 + " --locale en", "n\nq\n");
  CHECK(r.code == 0);
  // The hook's setup: two GPUs, the model on the first.
  auto hook = r.out.find("2 GPUs of 80 GB.");
  REQUIRE(hook != std::string::npos);
  auto card = r.out.find("A card.");
  REQUIRE(card != std::string::npos);
  CHECK(r.out.find("GPU 2", hook) < card);
  CHECK(r.out.find("GPU 1", card) == std::string::npos);
}

TEST_CASE("cli play: a step's own machine is printed and driven with its commands", "[cli]") {
  auto r = run_cli("play " + format3 + " --locale en", "goto fill\n?\n+\n+\nn\nq\n");
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("Rack: 2 servers, 16 GPUs"));
  CHECK_THAT(r.out, Catch::Contains("add_server  (add a server)"));
  CHECK_THAT(r.out, Catch::Contains("Rack: 4 servers, 32 GPUs"));
  CHECK_THAT(r.out, Catch::Contains("Full."));
  // Back on the lesson's split machine as the learner left it: the hook's two GPUs.
  auto after = r.out.find("Back to 2 GPUs.");
  REQUIRE(after != std::string::npos);
  CHECK(r.out.find("GPU 1", after) != std::string::npos);
}
