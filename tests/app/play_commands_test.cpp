// `lessonsim play` reads each machine's own commands from its table: keys, names and help.
#include <catch2/catch.hpp>

#include "run_cli.hpp"

namespace {

const std::string lessons = std::string(LESSONSIM_SOURCE_DIR) + "/lessons/";

}  // namespace

TEST_CASE("play: ? lists the rack machine's own actions, not split's", "[cli][play]") {
  auto r = run_cli("play " + lessons + "watts-and-cooling.json --locale en", "?\nq\n");
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("add_server") && Catch::Contains("next_cooling") &&
                        Catch::Contains("set_servers N"));
  CHECK_THAT(r.out, !Catch::Contains("slice") && !Catch::Contains("merge"));
}

TEST_CASE("play: + plays the machine's own key (add_server on a rack)", "[cli][play]") {
  auto r = run_cli("play " + lessons + "watts-and-cooling.json --locale en",
                   "goto enterprise\n+\nset_servers 3\nadd_gpu\nq\n");
  CHECK(r.code == 0);
  CHECK_THAT(r.out, !Catch::Contains("no action 'add_gpu'"));
  // add_gpu is no rack command, so play does not send it to the machine at all.
  CHECK_THAT(r.out, Catch::Contains("Unknown command"));
}

TEST_CASE("play: split's keys and names still work on a split lesson", "[cli][play]") {
  auto r = run_cli("play " + lessons + "datacenter-split.json --locale en", "?\nq\n");
  CHECK_THAT(r.out, Catch::Contains("s / S / slice") && Catch::Contains("+ / = / add_gpu") &&
                        Catch::Contains("set_gpus N"));
}
