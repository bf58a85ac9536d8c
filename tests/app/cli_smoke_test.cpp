#include <catch2/catch.hpp>

#include "run_cli.hpp"

TEST_CASE("cli: --version and --help exit 0, bad usage exits 2", "[cli]") {
  CHECK(run_cli("--version").code == 0);
  CHECK_THAT(run_cli("--version").out, Catch::Contains("lessonsim"));
  CHECK(run_cli("--help").code == 0);
  CHECK(run_cli("check --help").code == 0);
  CHECK(run_cli("--no-such-flag").code == 2);
  CHECK(run_cli("check").code == 2);
}
